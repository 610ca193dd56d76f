import { useCallback, useEffect, useRef, useState } from 'react';
import type { DeliveryPhoto } from '../../../../contract/employment';
import { tWorker } from '../../../shared/i18n/zh-CN.worker';
import { photoUploader, type PhotoUploader } from '../lib/photo-uploads';
import { keptPhotos, screenPick, withItem, withoutPhoto, type Photo } from '../lib/photos';

const T = tWorker.invite;
/** after the engine could not get credentials: the page is read again, then the uploads go on */
const RESUME_AFTER_MS = 5000;

/** The words of an upload's failure: the server's (Chinese) where it gave any, else the engine code's. */
export function failureWords(e: { code?: string; message?: string }): string {
  if (e.code === 'FileDuplication') return T.photoDup;
  if (e.code === 'NetworkError') return T.photoNetwork;
  if (e.message && /[\u4e00-\u9fff]/.test(e.message)) return e.message;
  return T.photoFailed;
}

/**
 * The delivery step's photos: the last delivery's (kept unless removed) and the ones picked now,
 * each uploaded through the engine with the invitation's endpoints (lib/photo-uploads.ts; the web
 * worker starts with the first photo). `onExpired`: no upload credentials could be had (the session
 * may have ended): the page reads its state again.
 */
export function usePhotoUploads(token: string, initial: readonly DeliveryPhoto[], onExpired: () => void) {
  const [photos, setPhotos] = useState<Photo[]>(() => keptPhotos(initial));
  const [refused, setRefused] = useState<string[]>([]);
  const list = useRef(photos);
  list.current = photos;
  const uploader = useRef<PhotoUploader | null>(null);
  const previews = useRef(new Map<string, string>());
  const removed = useRef(new Set<string>());
  const expired = useRef(onExpired);
  expired.current = onExpired;

  const get = useCallback((): PhotoUploader => {
    if (!uploader.current) {
      const up = photoUploader(token);
      up.subscribe((e) => {
        if (e.type === 'item') {
          if (removed.current.has(e.item.id)) return;
          setPhotos((l) => withItem(l, e.item, failureWords, previews.current.get(e.item.id)));
        } else if (e.type === 'removed') setPhotos((l) => withoutPhoto(l, e.id));
        else {
          expired.current();
          setTimeout(() => up.resume(), RESUME_AFTER_MS);
        }
      });
      uploader.current = up;
    }
    return uploader.current;
  }, [token]);

  useEffect(() => {
    const urls = previews.current;
    return () => {
      void uploader.current?.close();
      uploader.current = null;
      for (const u of urls.values()) URL.revokeObjectURL(u);
      urls.clear();
    };
  }, []);

  const pick = useCallback(
    async (files: File[]) => {
      const { accepted, refused: no } = screenPick(files, list.current.length);
      setRefused(no);
      for (const i of accepted) {
        const f = files[i]!;
        const url = URL.createObjectURL(f);
        try {
          const id = await get().add(f);
          previews.current.set(id, url);
          setPhotos((l) => l.map((p) => (p.key === id && !p.preview ? { ...p, preview: url } : p)));
        } catch (e) {
          URL.revokeObjectURL(url);
          setRefused((r) => [...r, `${f.name}：${failureWords(e as { code?: string; message?: string })}`]);
        }
      }
    },
    [get],
  );

  const remove = useCallback((key: string) => {
    if (!key.startsWith('kept:')) {
      removed.current.add(key);
      uploader.current?.remove(key);
      const url = previews.current.get(key);
      if (url) URL.revokeObjectURL(url);
      previews.current.delete(key);
    }
    setPhotos((l) => withoutPhoto(l, key));
  }, []);

  const retry = useCallback((key: string) => uploader.current?.retry(key), []);

  return { photos, refused, pick, remove, retry };
}
