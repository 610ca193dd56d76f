/**
 * One file in the upload queue: what the engine knows of it (the file, its state, its meter, its
 * tuner, its upload credentials), made fresh by `newItem`, shown to listeners by `snapshot`.
 */
import type { CheckpointWriter } from './checkpoint-writer';
import { SingleFlight } from './credentials';
import type { Tuner } from './parts';
import { ProgressMeter, Throttle } from './progress';
import type { ItemSnapshot, ItemState, MediaKind } from './types';
import type { UploadTicket } from './vod';
import { mimeOfName } from '../../contract/mime';

export interface Item {
  id: string;
  file: Blob | null;
  name: string;
  size: number;
  lastModified: number;
  kind: MediaKind;
  purpose: string;
  title: string;
  handle: unknown;
  state: ItemState;
  fp: string;
  meter: ProgressMeter;
  emits: Throttle;
  mediaId: string;
  crc64: string;
  resumedParts: number;
  waitingNetwork: boolean;
  error: ItemSnapshot['error'];
  retries: number;
  ctrl: AbortController | null;
  ticket: UploadTicket | null;
  refreshing: SingleFlight<UploadTicket>;
  lastReport: number;
  tuner: Tuner | null;
  writer: CheckpointWriter | null;
}

let seq = 0;

export function newItem(
  base: Pick<Item, 'file' | 'name' | 'size' | 'lastModified' | 'kind' | 'purpose' | 'title' | 'handle' | 'state' | 'fp' | 'mediaId'>,
  progressEveryMs: number,
): Item {
  return {
    id: `u${Date.now().toString(36)}${(seq++).toString(36)}`,
    ...base,
    meter: new ProgressMeter(base.size),
    emits: new Throttle(progressEveryMs),
    crc64: '',
    resumedParts: 0,
    waitingNetwork: false,
    error: null,
    retries: 0,
    ctrl: null,
    ticket: null,
    refreshing: new SingleFlight(),
    lastReport: 0,
    tuner: null,
    writer: null,
  };
}

export function snapshot(it: Item): ItemSnapshot {
  const m = it.meter;
  return {
    id: it.id,
    name: it.name,
    size: it.size,
    kind: it.kind,
    purpose: it.purpose,
    state: it.state,
    loaded: m.loaded,
    speed: Math.round(m.speed),
    eta: it.state === 'Uploading' ? m.eta() : null,
    mediaId: it.mediaId,
    crc64: it.crc64,
    resumedParts: it.resumedParts,
    waitingNetwork: it.waitingNetwork,
    hasFile: it.file !== null,
    error: it.error,
    retries: it.retries,
    partSize: it.tuner?.partSize ?? 0,
    parallel: it.tuner?.parallel ?? 0,
  };
}

/** The Content-Type the object is stored with (from the name's extension, else the file's). */
export function contentType(it: Item): string {
  return mimeOfName(it.name) ?? (it.file as File | null)?.type ?? 'application/octet-stream';
}
