/**
 * The server learns of the console's uploads (issue 16), and of a worker's delivery photos (their
 * invitation's claim and register, issue 29): the engine uploads straight to the video
 * service and the object store, so the page tells the server the id — `claim` as soon as VOD
 * has answered it (the server binds it to the caller), `register` once the engine reports Success
 * (the server asks VOD itself and records the file). Until the server has recorded it, the item
 * is shown as still uploading (the forms wait for Success before they use the id); a refusal
 * turns it into a failure with the server's words; 重试 asks again.
 */
import type { ItemSnapshot } from '../../../workers/upload/types';
import { MSG_MEDIA_UNFINISHED, type MediaRegisterBody } from '../../../contract/upload';

export type RegisterBody = MediaRegisterBody;

export interface RegistrarDeps {
  claim: (body: RegisterBody) => Promise<unknown>;
  register: (body: RegisterBody) => Promise<unknown>;
  /** the item as the page should see it */
  publish: (item: ItemSnapshot) => void;
  wait?: (ms: number) => Promise<void>;
}

/** The server's words for an upload the video service has not finished yet (asked again). */
export const MSG_UNFINISHED = MSG_MEDIA_UNFINISHED;
/** waits before asking again while the provider catches up, or the server is unreachable */
export const REGISTER_RETRIES_MS = [1000, 2000, 4000, 8000];
export const REGISTER_FAILED = 'RegisterFailed';

type Reg = { status: 'pending' } | { status: 'done' } | { status: 'failed'; message: string };

const retryable = (e: unknown) => {
  const err = e as { name?: string; code?: number; message?: string };
  return err.message === MSG_UNFINISHED || err.name === 'NetworkError' || err.name === 'HttpError' || err.code === 500;
};

export function createRegistrar(d: RegistrarDeps) {
  const wait = d.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const claimed = new Set<string>();
  const regs = new Map<string, Reg>();
  const latest = new Map<string, ItemSnapshot>();

  function view(item: ItemSnapshot): ItemSnapshot {
    const r = regs.get(item.id);
    if (item.state !== 'Success' || !r || r.status === 'done') return item;
    if (r.status === 'pending') return { ...item, state: 'Uploading', speed: 0, eta: null };
    return { ...item, state: 'Failure', error: { code: REGISTER_FAILED, message: r.message } };
  }

  async function finish(item: ItemSnapshot) {
    const body: RegisterBody = { media_id: item.mediaId, kind: item.kind, ...(item.crc64 ? { crc64: item.crc64 } : {}) };
    for (let i = 0; ; i++) {
      try {
        await d.register(body);
        regs.set(item.id, { status: 'done' });
        break;
      } catch (e) {
        if (retryable(e) && i < REGISTER_RETRIES_MS.length) {
          await wait(REGISTER_RETRIES_MS[i]!);
          continue;
        }
        regs.set(item.id, { status: 'failed', message: e instanceof Error && /[\u4e00-\u9fff]/.test(e.message) ? e.message : MSG_UNFINISHED });
        break;
      }
    }
    const now = latest.get(item.id);
    if (now) d.publish(view(now));
  }

  return {
    /** an engine item event: claims, registers, publishes what the page should see */
    onItem(item: ItemSnapshot) {
      latest.set(item.id, item);
      if (item.mediaId && item.state !== 'Success' && !claimed.has(item.mediaId)) {
        claimed.add(item.mediaId);
        void d.claim({ media_id: item.mediaId, kind: item.kind }).catch(() => undefined);
      }
      if (item.state === 'Success' && item.mediaId && !regs.has(item.id)) {
        regs.set(item.id, { status: 'pending' });
        void finish(item);
      }
      d.publish(view(item));
    },
    /** 重试 on an item whose registration failed: asks the server again (true: handled here) */
    retry(id: string): boolean {
      const item = latest.get(id);
      if (!item || regs.get(id)?.status !== 'failed') return false;
      regs.set(id, { status: 'pending' });
      d.publish(view(item));
      void finish(item);
      return true;
    },
    forget(id: string) {
      latest.delete(id);
      regs.delete(id);
    },
  };
}
