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

export function upsertItem(item: ItemSnapshot) {
  const before = uploads.items[item.id];
  uploads.items[item.id] = item;
  if (!before) uploads.order.unshift(item.id);
  if (item.state === 'Success' && before?.state !== 'Success') uploads.libraryVersion++;
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
