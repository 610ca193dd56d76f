// @vitest-environment node
/**
 * Staged copies in OPFS (opt-in resume where no file handle is kept): the real engine, the real
 * IndexedDB checkpoint store (fake-indexeddb) and the real restore path (file-source.ts) against
 * the in-memory cloud; only OPFS is a thin in-memory stand-in (Node has none).
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdbCheckpointStore } from './checkpoint-store';
import { crc64Of } from './crc64';
import { UploadEngine } from './engine';
import { restorePending } from './file-source';
import { fingerprint } from './fingerprint';
import { StagedCopies, STAGE_RESERVE, type StageEvent } from './staging';
import { FakeCloud, TestClock, TestLocks } from './testing/fake-cloud';
import { MemoryDir } from './testing/memory-opfs';
import type { ItemSnapshot } from './types';

const MB = 1024 * 1024;
const LM = 1700000000000;
vi.setConfig({ testTimeout: 20_000 });

/** Random bytes in 1 MB pieces (a Blob streams its pieces one by one, like a file on disk). */
function randomBlob(size: number): Blob {
  const pieces: Uint8Array<ArrayBuffer>[] = [];
  for (let off = 0; off < size; off += MB) {
    const buf = new Uint8Array(Math.min(MB, size - off));
    for (let o = 0; o < buf.length; o += 65536) crypto.getRandomValues(buf.subarray(o, Math.min(buf.length, o + 65536)));
    pieces.push(buf);
  }
  return new Blob(pieces);
}
const same = async (a: Blob, b: Blob) => Buffer.compare(Buffer.from(await a.arrayBuffer()), Buffer.from(await b.arrayBuffer())) === 0;

const engines: UploadEngine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.stop();
});

interface Tab {
  engine: UploadEngine;
  staging: StagedCopies;
  events: StageEvent[];
  statuses: (id: string) => string[];
}

/** One tab: an engine and its staged copies over a shared store, OPFS directory and cloud. */
function tab(shared: { store: IdbCheckpointStore; dir: MemoryDir; cloud: FakeCloud; clock: TestClock; locks?: TestLocks; free?: number }): Tab {
  const engine = new UploadEngine(
    { transport: shared.cloud, clock: shared.clock, store: shared.store, credentials: shared.cloud.provider, clientId: 'client-1', files: shared.store },
    { vodEndpoint: 'http://api.fake/sandbox/vod', stallTimeoutMs: 3_600_000, reportEveryMs: 0, parallel: 2 },
  );
  engines.push(engine);
  const events: StageEvent[] = [];
  const staging = new StagedCopies({
    dir: async () => shared.dir,
    estimate: async () => ({ quota: 10_000 * MB, usage: 10_000 * MB - (shared.free ?? 1000 * MB) }),
    store: shared.store,
    locks: shared.locks,
    now: () => shared.clock.now(),
    ttlMs: engine.options.checkpointTtlMs,
    emit: (e) => events.push(e),
  });
  engine.subscribe((e) => staging.onEngineEvent(e));
  return { engine, staging, events, statuses: (id) => events.filter((e) => e.id === id).map((e) => e.status) };
}

function done(engine: UploadEngine, id: string): Promise<ItemSnapshot> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timeout: ${JSON.stringify(engine.list())}`)), 15_000);
    const check = () => {
      const it = engine.list().find((i) => i.id === id);
      if (it && ['Success', 'Failure', 'Canceled'].includes(it.state)) {
        clearTimeout(t);
        off();
        resolve(it);
      }
    };
    const off = engine.subscribe(check);
    check();
  });
}

function rig(free?: number) {
  const clock = new TestClock();
  return { store: new IdbCheckpointStore(`stage-${Math.random()}`), dir: new MemoryDir(), cloud: new FakeCloud(clock), clock, locks: new TestLocks(), free };
}

describe('staged copies in OPFS', () => {
  it('copies the file while it uploads (streamed), resumes from the copy after a reload without the file, deletes it on success', async () => {
    const shared = rig();
    const blob = randomBlob(8 * MB);
    const fp = await fingerprint(blob, LM, 'video');
    const a = tab(shared);
    shared.cloud.partDelayMs = 150;
    const id = await a.engine.addFile(blob, '门店培训.mp4', LM, { kind: 'video' });
    a.engine.start();
    await a.staging.stage(id, blob, LM, 'video');
    expect(a.statuses(id)).toEqual(['copying', 'ready']);
    // the copy is the file, written in chunks (never the whole file at once), and recorded
    const copy = shared.dir.files.get(fp)!;
    expect(await same(await copy.getFile(), blob)).toBe(true);
    expect(copy.largestWrite).toBeGreaterThan(0);
    expect(copy.largestWrite).toBeLessThanOrEqual(MB);
    expect(await shared.store.getFile(fp)).toEqual({ opfs: 'hr-upload-staging', size: blob.size });

    // the tab dies mid-upload: nothing is cleaned up
    await expect.poll(async () => (await shared.store.get(fp))?.parts.length ?? 0, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    a.engine.stop();
    const sentBefore = shared.cloud.bytesReceived;
    shared.cloud.partDelayMs = 0;

    // the reload: the checkpoint comes back with its file (the copy), nothing waits for a pick
    const b = tab(shared);
    const pending = await restorePending(b.engine, shared.store, b.staging, shared.clock.now());
    expect(pending).toEqual([]);
    const [item] = b.engine.list();
    expect(item).toMatchObject({ name: '门店培训.mp4', hasFile: true });
    expect(b.statuses(item!.id)).toEqual(['ready']);
    b.engine.start();
    const it = await done(b.engine, item!.id);
    expect(it.state).toBe('Success');
    expect(it.resumedParts).toBeGreaterThanOrEqual(2);
    expect(shared.cloud.bytesReceived - sentBefore).toBeLessThan(blob.size);
    expect([...shared.cloud.objects.values()][0]!.crc).toBe(await crc64Of(new Uint8Array(await blob.arrayBuffer())));
    // the copy goes with the upload
    await expect.poll(() => shared.dir.files.size).toBe(0);
    expect(b.statuses(item!.id)).toEqual(['ready', 'gone']);
    expect(await shared.store.list()).toEqual([]);
  });

  it('checks the quota first: without room nothing is written, the upload goes on, the page hears the size and the free space', async () => {
    const shared = rig(5 * MB);
    const a = tab(shared);
    const blob = randomBlob(6 * MB);
    const id = await a.engine.addFile(blob, '离职交接.mp4', LM, { kind: 'video' });
    a.engine.start();
    await a.staging.stage(id, blob, LM, 'video');
    expect(a.events).toEqual([{ type: 'staged', id, status: 'noRoom', size: blob.size, free: 5 * MB }]);
    expect(shared.dir.files.size).toBe(0);
    expect((await done(a.engine, id)).state).toBe('Success');

    // room for the file but not its reserve beside it: refused too
    const c = tab({ ...rig(6 * MB + STAGE_RESERVE - 1) });
    await c.staging.stage('x', blob, LM, 'video');
    expect(c.events.map((e) => e.status)).toEqual(['noRoom']);
  });

  it('a copy cut short (the disk filled up) is removed and reported; the upload is not disturbed', async () => {
    const shared = rig();
    const a = tab(shared);
    const blob = randomBlob(3 * MB);
    const fp = await fingerprint(blob, LM, 'video');
    (await shared.dir.getFileHandle(fp, { create: true })).failAt = MB;
    const id = await a.engine.addFile(blob, 'a.mp4', LM, { kind: 'video' });
    a.engine.start();
    await a.staging.stage(id, blob, LM, 'video');
    expect(a.statuses(id)).toEqual(['copying', 'failed']);
    expect(shared.dir.files.size).toBe(0);
    expect(await shared.store.getFile(fp)).toBeUndefined();
    expect((await done(a.engine, id)).state).toBe('Success');
  });

  it('a canceled upload deletes its copy', async () => {
    const shared = rig();
    const a = tab(shared);
    shared.cloud.partDelayMs = 150;
    const blob = randomBlob(4 * MB);
    const id = await a.engine.addFile(blob, 'b.mp4', LM, { kind: 'video' });
    a.engine.start();
    await a.staging.stage(id, blob, LM, 'video');
    expect(shared.dir.files.size).toBe(1);
    await a.engine.cancel(id);
    await expect.poll(() => shared.dir.files.size).toBe(0);
    expect(a.statuses(id)).toEqual(['copying', 'ready', 'gone']);
  });

  it('at start deletes copies nobody records; keeps a recorded live one and one another tab is writing', async () => {
    const shared = rig();
    const blob = randomBlob(6 * MB);
    const fp = await fingerprint(blob, LM, 'video');
    // a live upload staged whole: its checkpoint and record
    const a = tab(shared);
    shared.cloud.partDelayMs = 300;
    const id = await a.engine.addFile(blob, 'c.mp4', LM, { kind: 'video' });
    a.engine.start();
    await a.staging.stage(id, blob, LM, 'video');
    await expect.poll(async () => !!(await shared.store.get(fp))).toBe(true);
    a.engine.stop();
    // a stray copy (its checkpoint expired and was purged), one cut short by a reload (a live
    // checkpoint, no record), and one another tab is copying now (it holds the file's lock)
    for (const name of ['fp1-stray', 'fp1-cut', 'fp1-busy']) await shared.dir.getFileHandle(name, { create: true });
    await shared.store.put({ ...(await shared.store.get(fp))!, key: 'fp1-cut' });
    await shared.locks.tryAcquire('hr-upload-stage:fp1-busy');

    const b = tab(shared);
    const pending = await restorePending(b.engine, shared.store, b.staging, shared.clock.now());
    expect(pending.map((p) => p.name)).toEqual(['c.mp4']);
    expect([...shared.dir.files.keys()].sort()).toEqual([fp, 'fp1-busy'].sort());
  });

  it('a copy that is not the checkpoint file any more is deleted, and the file is asked for', async () => {
    const shared = rig();
    const blob = randomBlob(6 * MB);
    const fp = await fingerprint(blob, LM, 'video');
    const a = tab(shared);
    shared.cloud.partDelayMs = 300;
    const id = await a.engine.addFile(blob, 'd.mp4', LM, { kind: 'video' });
    a.engine.start();
    await a.staging.stage(id, blob, LM, 'video');
    await expect.poll(async () => !!(await shared.store.get(fp))).toBe(true);
    a.engine.stop();
    shared.dir.files.get(fp)!.bytes[0]! ^= 0xff;

    const b = tab(shared);
    const pending = await restorePending(b.engine, shared.store, b.staging, shared.clock.now());
    expect(pending.map((p) => p.name)).toEqual(['d.mp4']);
    expect(b.engine.list()[0]!.hasFile).toBe(false);
    expect(shared.dir.files.size).toBe(0);
  });
});
