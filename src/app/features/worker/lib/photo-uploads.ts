/**
 * The photos of a delivery (issue 29 item 1) through the console's upload engine — the same web
 * worker (STS → VOD CreateUploadImage → OSS, checkpoints in IndexedDB), started with this
 * invitation's endpoints: its upload/sts, claim and register, which the worker session's cookie
 * opens (the console's client reads the console's session; this one never does). The server
 * records each finished photo before the page shows it done (shared/lib/upload-register.ts).
 * Loaded with the delivery step only.
 */
import { photoExt } from '../../../../contract/employment-rules';
import { call } from '../../../shared/lib/http';
import { createRegistrar } from '../../../shared/lib/upload-register';
import { CONSOLE_OPTIONS } from '../../../../workers/upload/types';
import { UploadClient, type ItemSnapshot } from '../../../../workers/upload/upload-client';

/** The worker page's checkpoints live apart from the console's (its upload center never lists them). */
export const FLEX_UPLOAD_STORE = 'hr-flex-upload';

export type PhotoEvent = { type: 'item'; item: ItemSnapshot } | { type: 'removed'; id: string } | { type: 'expired' };

export interface PhotoUploader {
  /** queues a picked photo; answers the engine's item id (rejects with the engine's `code`) */
  add(file: File): Promise<string>;
  retry(id: string): void;
  /** stops an upload under way and drops the item */
  remove(id: string): void;
  /** after `expired` (no credentials could be had): try again */
  resume(): void;
  subscribe(l: (e: PhotoEvent) => void): () => void;
  /** the step is left: uploads stop, the worker ends (checkpoints stay for a photo picked again) */
  close(): Promise<void>;
}

/** A file named as its content: the video service stores a photo under its name's extension (CreateUploadImage's ImageExt). */
export function namedAsContent(file: File): File {
  const ext = photoExt(file);
  if (!ext) return file;
  const own = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (own === ext || (ext === 'jpg' && own === 'jpeg')) return file;
  const base = file.name.replace(/\.[^.]*$/, '') || 'photo';
  return new File([file], `${base}.${ext}`, { type: file.type, lastModified: file.lastModified });
}

const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export function photoUploader(token: string): PhotoUploader {
  const params = { token };
  const listeners = new Set<(e: PhotoEvent) => void>();
  const emit = (e: PhotoEvent) => listeners.forEach((l) => l(e));
  const client = new UploadClient({
    // one page, one client id (ReportUploadProgress); the console's cookie is the console's
    clientId: randomId(),
    options: CONSOLE_OPTIONS,
    storeName: FLEX_UPLOAD_STORE,
    getSts: () => call('workerUploadSts', { params }, { hideMessage: true }),
  });
  const registrar = createRegistrar({
    claim: (b) => call('workerMediaClaim', { params, body: { media_id: b.media_id, kind: 'image' } }, { hideMessage: true, dedupeMs: 0 }),
    register: (b) =>
      call(
        'workerMediaRegister',
        { params, body: { media_id: b.media_id, kind: 'image', ...(b.crc64 ? { crc64: b.crc64 } : {}) } },
        { hideMessage: true, dedupeMs: 0 },
      ),
    publish: (item) => emit({ type: 'item', item }),
  });
  const off = client.subscribe((e) => {
    if (e.type === 'item') registrar.onItem(e.item);
    else if (e.type === 'removed') {
      registrar.forget(e.id);
      emit({ type: 'removed', id: e.id });
    } else if (e.type === 'tokenExpired') emit({ type: 'expired' });
  });
  return {
    async add(file) {
      return client.addFile(namedAsContent(file), { kind: 'image', purpose: 'delivery' });
    },
    retry(id) {
      if (!registrar.retry(id)) void client.retry(id).catch(() => undefined);
    },
    remove(id) {
      void client
        .cancel(id)
        .catch(() => undefined)
        .then(() => client.remove(id));
    },
    resume() {
      void client.resumeWithToken();
    },
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    async close() {
      off();
      listeners.clear();
      await client.shutdown();
    },
  };
}
