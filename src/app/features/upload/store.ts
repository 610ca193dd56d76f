/**
 * The upload mirror (ARCHITECTURE §1: valtio for the upload mirror): what the worker's engine
 * reports, for the panel, the nav badge and the forms. Actions beside the proxy.
 */
import { proxy } from 'valtio';
import type { StageEvent } from '../../../workers/upload/staging';
import type { EngineState, ItemSnapshot } from '../../../workers/upload/types';

/** A file's staged copy in OPFS, as the worker reports it (staging.ts). */
export type StagedInfo = Pick<StageEvent, 'status' | 'size' | 'free'>;

export const uploads = proxy({
  items: {} as Record<string, ItemSnapshot>,
  /** newest first */
  order: [] as string[],
  engine: 'Init' as EngineState,
  open: false,
  /** bumped when an upload finishes: the media library reloads */
  libraryVersion: 0,
  /** the credentials expired and are being fetched again */
  expired: false,
  /** the user opted in to staged copies (kept in localStorage; read when client.ts loads, which
   * keeps lib/stage.ts out of the layout's chunk) */
  stage: false,
  /** item id → its staged copy */
  staged: {} as Record<string, StagedInfo>,
});

export function setStaged(e: StageEvent) {
  if (e.status === 'gone') delete uploads.staged[e.id];
  else uploads.staged[e.id] = { status: e.status, size: e.size, ...(e.free === undefined ? {} : { free: e.free }) };
}

export function openUploadCenter(open = true) {
  uploads.open = open;
}

/**
 * An engine event lands field by field: a value that did not change is not written, so a progress
 * event (loaded, speed, eta) wakes only what reads those fields — the row's bar — and not the
 * drawer's list, the nav badge or the other rows, which read the state.
 */
export function upsertItem(item: ItemSnapshot) {
  const before = uploads.items[item.id];
  if (!before) {
    uploads.items[item.id] = item;
    uploads.order.unshift(item.id);
    return;
  }
  const wasSuccess = before.state === 'Success';
  const into = before as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(item)) {
    const old = into[k];
    if (Object.is(old, v)) continue;
    // the error crosses the worker as a fresh object each time: equal words are the same error
    if (v && old && typeof v === 'object' && typeof old === 'object' && JSON.stringify(v) === JSON.stringify(old)) continue;
    into[k] = v;
  }
  if (item.state === 'Success' && !wasSuccess) uploads.libraryVersion++;
}

/** The session ended: the queue mirror goes (the checkpoints stay in IndexedDB). */
export function resetMirror() {
  uploads.items = {};
  uploads.order = [];
  uploads.engine = 'Init';
  uploads.open = false;
  uploads.expired = false;
  uploads.staged = {};
}

export function removeItem(id: string) {
  delete uploads.items[id];
  delete uploads.staged[id];
  uploads.order = uploads.order.filter((x) => x !== id);
}

/** Items still to do (badge count): ready, uploading, paused. */
export const activeCount = (s: { order: readonly string[]; items: Readonly<Record<string, { state: string } | undefined>> }) =>
  s.order.filter((id) => ['Ready', 'Uploading'].includes(s.items[id]?.state ?? '')).length;
