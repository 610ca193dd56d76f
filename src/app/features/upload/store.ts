/**
 * The upload mirror (ARCHITECTURE §1: valtio for the upload mirror): what the worker's engine
 * reports, for the panel, the nav badge and the forms. Actions beside the proxy.
 */
import { proxy } from 'valtio';
import type { EngineState, ItemSnapshot } from '../../../workers/upload/types';

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
});

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
}

export function removeItem(id: string) {
  delete uploads.items[id];
  uploads.order = uploads.order.filter((x) => x !== id);
}

/** Items still to do (badge count): ready, uploading, paused. */
export const activeCount = (s: { order: readonly string[]; items: Readonly<Record<string, { state: string } | undefined>> }) =>
  s.order.filter((id) => ['Ready', 'Uploading'].includes(s.items[id]?.state ?? '')).length;
