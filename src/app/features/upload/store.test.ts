// @vitest-environment node
import { subscribe, unstable_enableOp } from 'valtio';
import { afterEach, describe, expect, it } from 'vitest';
import type { ItemSnapshot } from '../../../workers/upload/types';
import { resetMirror, upsertItem, uploads } from './store';

const item = (o: Partial<ItemSnapshot> = {}): ItemSnapshot => ({
  id: 'u1',
  name: '入职培训.mp4',
  size: 100,
  kind: 'video',
  purpose: 'library',
  state: 'Uploading',
  loaded: 0,
  speed: 0,
  eta: null,
  mediaId: 'vid1',
  crc64: '',
  resumedParts: 0,
  waitingNetwork: false,
  hasFile: true,
  error: null,
  retries: 0,
  partSize: 1048576,
  parallel: 5,
  ...o,
});

/** The paths one engine event writes into the mirror. */
async function writes(next: ItemSnapshot): Promise<string[]> {
  const paths: string[] = [];
  const off = subscribe(uploads, (ops) => ops.forEach((op) => paths.push(op[1].join('.'))));
  upsertItem(next);
  await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
  off();
  return paths.sort();
}

// the ops (which paths changed) are only recorded when asked for
unstable_enableOp(true);
afterEach(() => resetMirror());

describe('the upload mirror', () => {
  it('a progress event writes only the fields that changed (the list and the badge, which read the state, stay asleep)', async () => {
    upsertItem(item());
    expect(uploads.order).toEqual(['u1']);
    expect(await writes(item({ loaded: 40, speed: 9, eta: 7 }))).toEqual(['items.u1.eta', 'items.u1.loaded', 'items.u1.speed']);
    // the same error crossing the worker again (a new object, the same words) is no change
    upsertItem(item({ loaded: 40, speed: 9, eta: 7, state: 'Failure', error: { code: 'NetworkError', message: '网络错误' } }));
    expect(await writes(item({ loaded: 40, speed: 9, eta: 7, state: 'Failure', error: { code: 'NetworkError', message: '网络错误' } }))).toEqual([]);
    // a retry clears it
    expect(await writes(item({ loaded: 40, speed: 9, eta: 7 }))).toEqual(['items.u1.error', 'items.u1.state']);
    expect(uploads.items.u1!.error).toBeNull();
  });

  it('success bumps the library once', () => {
    upsertItem(item());
    const v = uploads.libraryVersion;
    upsertItem(item({ state: 'Success', loaded: 100 }));
    upsertItem(item({ state: 'Success', loaded: 100 }));
    expect(uploads.libraryVersion).toBe(v + 1);
  });
});
