// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ItemSnapshot } from '../../../workers/upload/types';
import { createRegistrar, MSG_UNFINISHED, REGISTER_FAILED, type RegisterBody } from './upload-register';

const item = (over: Partial<ItemSnapshot> = {}): ItemSnapshot => ({
  id: 'i1',
  name: 'a.png',
  size: 10,
  kind: 'image',
  purpose: 'library',
  state: 'Uploading',
  loaded: 0,
  speed: 0,
  eta: null,
  mediaId: '',
  crc64: '',
  resumedParts: 0,
  waitingNetwork: false,
  hasFile: true,
  error: null,
  retries: 0,
  partSize: 0,
  parallel: 0,
  ...over,
});

const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(register: (b: RegisterBody) => Promise<unknown>) {
  const claims: RegisterBody[] = [];
  const seen: ItemSnapshot[] = [];
  const r = createRegistrar({
    claim: async (b) => claims.push(b),
    register,
    publish: (i) => seen.push(i),
    wait: async () => undefined,
  });
  return { r, claims, seen, last: () => seen.at(-1)! };
}

describe('upload registration', () => {
  it('claims once the id is known, shows Success only after the server recorded the file', async () => {
    let answer: () => void = () => undefined;
    const bodies: RegisterBody[] = [];
    const t = setup((b) => {
      bodies.push(b);
      return new Promise<void>((res) => (answer = res));
    });
    t.r.onItem(item({ mediaId: 'm1', loaded: 5 }));
    t.r.onItem(item({ mediaId: 'm1', loaded: 8 }));
    expect(t.claims).toEqual([{ media_id: 'm1', kind: 'image' }]);
    t.r.onItem(item({ mediaId: 'm1', loaded: 10, state: 'Success', crc64: '42' }));
    expect(t.last().state).toBe('Uploading');
    expect(bodies).toEqual([{ media_id: 'm1', kind: 'image', crc64: '42' }]);
    answer();
    await flush();
    expect(t.last().state).toBe('Success');
    // a later event of the same item passes as it is, without asking again
    t.r.onItem(item({ mediaId: 'm1', loaded: 10, state: 'Success', crc64: '42' }));
    expect(t.last().state).toBe('Success');
    expect(bodies).toHaveLength(1);
  });

  it('asks again while the provider has not finished, then fails with the server’s words; 重试 asks again', async () => {
    let calls = 0;
    let ok = false;
    const t = setup(async () => {
      calls++;
      if (ok) return;
      throw Object.assign(new Error(calls > 2 ? '文件不存在，请重新上传' : MSG_UNFINISHED), { name: 'ApiError', code: calls > 2 ? 404 : 400 });
    });
    t.r.onItem(item({ mediaId: 'm2', state: 'Success' }));
    await flush();
    await flush();
    await flush();
    expect(calls).toBe(3);
    expect(t.last()).toMatchObject({ state: 'Failure', error: { code: REGISTER_FAILED, message: '文件不存在，请重新上传' } });
    ok = true;
    expect(t.r.retry('i1')).toBe(true);
    expect(t.last().state).toBe('Uploading');
    await flush();
    expect(t.last().state).toBe('Success');
    // an item whose registration did not fail is the engine's to retry
    expect(t.r.retry('i1')).toBe(false);
  });
});
