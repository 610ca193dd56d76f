// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineEvent, ItemSnapshot } from '../../../workers/upload/types';

// the worker bridge is replaced: the test watches what the feature asks of it
const made: FakeClient[] = [];
class FakeClient {
  listeners = new Set<(e: EngineEvent) => void>();
  shutdown = vi.fn(async () => undefined);
  constructor() {
    made.push(this);
  }
  subscribe(l: (e: EngineEvent) => void) {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  emit(e: EngineEvent) {
    this.listeners.forEach((l) => l(e));
  }
  restore = vi.fn(async () => []);
  addFile = vi.fn(async () => 'item-1');
}
vi.mock('../../../workers/upload/upload-client', () => ({ UploadClient: FakeClient }));

const { session } = await import('../../shared/session');
const { startUpload } = await import('./client');
const { uploads } = await import('./store');

const tick = () => new Promise((r) => setTimeout(r, 0));
const item = (state: ItemSnapshot['state']) => ({ id: 'item-1', state, name: 'a.mp4', size: 10, loaded: 4 }) as unknown as ItemSnapshot;

describe('uploads end with the session', () => {
  beforeEach(() => {
    made.length = 0;
    session.loggedIn = true;
  });

  it('logout shuts the worker down, drops the mirror and starts afresh after the next login', async () => {
    await tick();
    await startUpload(new File(['x'], 'a.mp4'), { kind: 'video' });
    expect(made).toHaveLength(1);
    const first = made[0]!;
    first.emit({ type: 'item', item: item('Uploading') });
    first.emit({ type: 'state', state: 'Start' });
    expect(uploads.order).toEqual(['item-1']);

    session.loggedIn = false;
    await tick();
    expect(first.shutdown).toHaveBeenCalledTimes(1);
    expect(uploads.order).toEqual([]);
    expect(uploads.items).toEqual({});
    expect(uploads.engine).toBe('Init');

    // a late event of the old worker does not come back into the mirror
    first.emit({ type: 'item', item: item('Uploading') });
    expect(uploads.order).toEqual([]);

    session.loggedIn = true;
    await tick();
    await startUpload(new File(['x'], 'a.mp4'), { kind: 'video' });
    expect(made).toHaveLength(2);
    expect(made[1]!.restore).toHaveBeenCalledTimes(1);
  });

  it('a session ending before any upload starts no worker', async () => {
    await tick();
    session.loggedIn = false;
    await tick();
    expect(made).toHaveLength(0);
  });
});
