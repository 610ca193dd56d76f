/**
 * The one upload client of the console: the worker starts on first use; STS comes from
 * GET /ent/v3/upload/sts; the client id lives in a cookie for 730 days (SPEC §9); the network
 * state comes from shared/lib/net.ts; engine events land in the valtio mirror.
 */
import Cookies from 'js-cookie';
import { subscribe } from 'valtio';
import { call, cookieSecure } from '../../shared/lib/http';
import { net, onNetworkBack } from '../../shared/lib/net';
import { toast } from '../../shared/lib/notify';
import { tUpload } from '../../shared/i18n/zh-CN.upload';
import { UploadClient } from '../../../workers/upload/upload-client';
import type { AddOptions } from '../../../workers/upload/engine';
import { CONSOLE_OPTIONS } from '../../../workers/upload/types';
import { markBusy } from '../../shared/lib/busy';
import { session } from '../../shared/session';
import { anyStaged, readStagePref } from './lib/stage';
import { createRegistrar } from '../../shared/lib/upload-register';
import { activeCount, removeItem, resetMirror, setStaged, upsertItem, uploads } from './store';

export const CLIENT_ID_COOKIE = 'upload_client_id';
export const CLIENT_ID_DAYS = 730;

function clientId(): string {
  let id = Cookies.get(CLIENT_ID_COOKIE);
  if (!id || !/^[A-Za-z0-9-]{8,64}$/.test(id)) {
    // crypto.randomUUID needs a secure context; getRandomValues does not
    id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  }
  // every visit extends it (730 days from the last use)
  Cookies.set(CLIENT_ID_COOKIE, id, { expires: CLIENT_ID_DAYS, sameSite: 'Lax', secure: cookieSecure() });
  return id;
}

// the user's choice of staged copies (the store starts without it: see there)
uploads.stage = readStagePref();

/** the server records every finished upload before the page sees it as done (shared/lib/upload-register.ts) */
const registrar = createRegistrar({
  claim: (body) => call('mediaClaim', { body: { ...body } }, { hideMessage: true, dedupeMs: 0 }),
  register: (body) => call('mediaRegister', { body: { ...body } }, { hideMessage: true, dedupeMs: 0 }),
  publish: upsertItem,
});

let client: UploadClient | null = null;
let restored: Promise<void> | null = null;
let offEvents: (() => void) | null = null;

export function uploadClient(): UploadClient {
  if (!client) {
    client = new UploadClient({
      clientId: clientId(),
      // SPEC's 1 MB × 5 to start, then the adaptive tuner within 12 MB in flight (checkpoints
      // keep the plan of the parts in flight, so a reload sends only those again); progress
      // reaches the page at most 4 times a second per file (state changes at once)
      options: CONSOLE_OPTIONS,
      getSts: () => call('sts', {}, { hideMessage: true }),
      onNetworkChange: (cb) => {
        const offBack = onNetworkBack(() => cb(true));
        const offNet = subscribe(net, () => cb(!net.offline));
        return () => {
          offBack();
          offNet();
        };
      },
    });
    offEvents = client.subscribe((e) => {
      if (e.type === 'item') registrar.onItem(e.item);
      else if (e.type === 'staged') setStaged(e);
      else if (e.type === 'removed') {
        registrar.forget(e.id);
        removeItem(e.id);
      } else if (e.type === 'state') {
        uploads.engine = e.state;
        if (e.state !== 'Expire') uploads.expired = false;
      } else if (e.type === 'tokenExpired') {
        // the console fetches STS again (a session that ended sends the user to log in)
        uploads.expired = true;
        setTimeout(() => void client?.resumeWithToken(), 2000);
      }
    });
  }
  return client;
}

/**
 * The session ended (logout, 410000, another tab logged out): every upload stops — the requests
 * in flight are aborted and the worker ends — and the queue mirror is dropped. The IndexedDB
 * checkpoints stay (they hold no secrets), so after the next login the files resume.
 */
export function endSessionUploads(): Promise<void> {
  const c = client;
  client = null;
  restored = null;
  offEvents?.();
  offEvents = null;
  resetMirror();
  return c ? c.shutdown() : Promise.resolve();
}

let wasLoggedIn = session.loggedIn;
subscribe(session, () => {
  if (wasLoggedIn && !session.loggedIn) void endSessionUploads();
  wasLoggedIn = session.loggedIn;
});

/** Once per page: the checkpoints of earlier sessions come back as items waiting for their file. */
export function restoreUploads(): Promise<void> {
  if (!restored) {
    restored = uploadClient()
      .restore()
      .then(() => undefined)
      .catch(() => {
        restored = null;
      });
  }
  return restored;
}

export interface StartOptions extends AddOptions {
  /** toast the engine's refusal (EmptyFile, FileDuplication…) */
  notify?: boolean;
}

/** Queues a file; answers the item id. Refusals carry the SPEC code and its Chinese words. */
export async function startUpload(file: File, opts: StartOptions): Promise<string> {
  await restoreUploads();
  try {
    // the user's opt-in: a staged copy in OPFS where no file handle comes with the file
    const stage = uploads.stage && !opts.handle;
    return await uploadClient().addFile(file, { kind: opts.kind, purpose: opts.purpose, title: opts.title, handle: opts.handle, stage });
  } catch (e) {
    const code = (e as { code?: string }).code ?? '';
    const msg = errorText(code, (e as Error).message);
    if (opts.notify !== false) toast('error', msg);
    throw Object.assign(new Error(msg), { code });
  }
}

/** The words of messages.md for an engine code. */
export function errorText(code: string, fallback = ''): string {
  const words = (tUpload.upload as unknown as Record<string, unknown>)[code];
  if (typeof words === 'string') return words;
  return fallback && /[\u4e00-\u9fff]/.test(fallback) ? fallback : tUpload.upload.unknownError;
}

export const uploadActions = {
  pause: (id: string) => void uploadClient().pause(id),
  resume: (id: string) =>
    void uploadClient()
      .resume(id)
      .catch(() => toast('error', tUpload.upload.waitingFile)),
  retry: (id: string) => {
    if (!registrar.retry(id))
      void uploadClient()
        .retry(id)
        .catch(() => toast('error', tUpload.upload.waitingFile));
  },
  cancel: (id: string) => void uploadClient().cancel(id),
  remove: (id: string) => void uploadClient().remove(id),
  pauseAll: () => void uploadClient().stopAll(),
  startAll: () => void uploadClient().startAll(),
};

/**
 * Whether earlier sessions left unfinished uploads, or staged copies to resume from or clean up
 * (read on the page, the worker stays asleep otherwise).
 */
export async function hasPendingCheckpoints(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (await anyStaged()) return true;
  try {
    const { IdbCheckpointStore } = await import('../../../workers/upload/checkpoint-store');
    const store = new IdbCheckpointStore();
    const n = (await store.list()).filter((c) => c.expiresAt > Date.now()).length;
    store.close();
    return n > 0;
  } catch {
    return false;
  }
}

// A running upload is work a reload would interrupt: keep the update bar and the stale-chunk
// recovery from reloading unasked while any file is Ready or Uploading.
let releaseBusy: (() => void) | null = null;
subscribe(uploads, () => {
  const running = activeCount(uploads) > 0;
  if (running && !releaseBusy) releaseBusy = markBusy('upload');
  else if (!running && releaseBusy) {
    releaseBusy();
    releaseBusy = null;
  }
});
