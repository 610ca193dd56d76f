/**
 * The delivery step's photo list, pure (the picker draws it; photo-uploads.ts feeds it the
 * engine's items): the photos picked now, uploading, done or failed, and those of the last
 * delivery (after 驳回) that go again unless removed. No DOM, no engine: unit-tested beside.
 */
import { DELIVERY_PHOTOS_MAX, MSG_PHOTOS_MAX, photoProblem } from '../../../../contract/employment-rules';
import type { DeliveryPhoto } from '../../../../contract/employment';
import { tWorker } from '../../../shared/i18n/zh-CN.worker';

export type PhotoState = 'uploading' | 'done' | 'failed';

export interface Photo {
  /** the engine's item id, or `kept:<media id>` for a photo of the last delivery */
  key: string;
  name: string;
  size: number;
  /** the thumbnail: an object URL of the picked file, or the server's signed link */
  preview: string;
  state: PhotoState;
  /** bytes sent */
  loaded: number;
  /** the ImageId once the video service answered ('' before) */
  mediaId: string;
  /** the failure's words ('' when none) */
  error: string;
}

/** What photo-uploads.ts reports of an engine item (a subset of its ItemSnapshot). */
export interface ItemView {
  id: string;
  name: string;
  size: number;
  state: 'Ready' | 'Uploading' | 'Success' | 'Failure' | 'Canceled' | 'Stoped';
  loaded: number;
  mediaId: string;
  error: { code: string; message: string } | null;
}

/** The photos of the last delivery, kept for the next one until the worker removes them (not those deleted by retention). */
export const keptPhotos = (list: readonly DeliveryPhoto[]): Photo[] =>
  list
    .filter((p) => !p.purged)
    .map((p) => ({
      key: `kept:${p.media_id}`,
      name: p.file_name,
      size: p.size,
      preview: p.url,
      state: 'done',
      loaded: p.size,
      mediaId: p.media_id,
      error: '',
    }));

/** Splits a pick into the files that may go (within the 9 left) and the Chinese reasons the others may not. */
export function screenPick(files: readonly { name: string; type: string; size: number }[], have: number) {
  const accepted: number[] = [];
  const refused: string[] = [];
  files.forEach((f, i) => {
    const problem = photoProblem(f);
    if (problem) refused.push(`${f.name}：${problem}`);
    else if (have + accepted.length >= DELIVERY_PHOTOS_MAX) {
      if (!refused.includes(MSG_PHOTOS_MAX)) refused.push(MSG_PHOTOS_MAX);
    } else accepted.push(i);
  });
  return { accepted, refused };
}

const stateOf = (s: ItemView['state']): PhotoState =>
  s === 'Success' ? 'done' : s === 'Failure' || s === 'Canceled' || s === 'Stoped' ? 'failed' : 'uploading';

/** The list after an engine item's news (a new item is appended with `preview`). */
export function withItem(list: readonly Photo[], item: ItemView, words: (e: { code: string; message: string }) => string, preview = ''): Photo[] {
  const state = stateOf(item.state);
  const next: Photo = {
    key: item.id,
    name: item.name,
    size: item.size,
    preview,
    state,
    loaded: state === 'done' ? item.size : Math.min(item.loaded, item.size),
    mediaId: item.mediaId,
    error: state === 'failed' ? (item.error ? words(item.error) : words({ code: 'UploadFailed', message: '' })) : '',
  };
  const i = list.findIndex((p) => p.key === item.id);
  if (i < 0) return [...list, next];
  const out = [...list];
  out[i] = { ...next, preview: list[i]!.preview || preview };
  return out;
}

export const withoutPhoto = (list: readonly Photo[], key: string): Photo[] => list.filter((p) => p.key !== key);

/** Why the delivery cannot go yet (Chinese), or null: every photo must be up and recorded. */
export function submitProblem(list: readonly Photo[]): string | null {
  if (list.some((p) => p.state === 'uploading')) return tWorker.invite.photosWait;
  if (list.some((p) => p.state === 'failed')) return tWorker.invite.photosFailed;
  return null;
}

/** The ImageIds the delivery names, in the worker's order. */
export const deliveredIds = (list: readonly Photo[]): string[] => list.filter((p) => p.state === 'done' && p.mediaId).map((p) => p.mediaId);

/** 0–100, for the progress bar. */
export const percent = (p: Pick<Photo, 'loaded' | 'size'>) => (p.size > 0 ? Math.min(100, Math.floor((p.loaded / p.size) * 100)) : 0);
