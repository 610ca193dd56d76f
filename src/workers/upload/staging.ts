/**
 * Staged copies (opt-in, issue 19 item 6): where the browser gives no file handle to keep
 * (`showOpenFilePicker` missing: Firefox, Safari, plain http), a file being uploaded is copied into
 * the origin-private file system (OPFS), streamed chunk by chunk, so that after a reload the upload
 * resumes from the copy without asking for the file again.
 *
 * - Before copying, `navigator.storage.estimate()` must leave the file's size plus a reserve free;
 *   otherwise the upload goes on unstaged and the page is told how much was needed and free.
 * - The copy is named by the file's fingerprint (the checkpoint's key) inside `STAGE_DIR`; only a
 *   whole copy is recorded, in the checkpoint store's `files` row of that key (deleted with the
 *   checkpoint), as `{ opfs: STAGE_DIR, size }`.
 * - The copy goes when the upload succeeds, is canceled or removed; at start every file of the
 *   directory without a live checkpoint and a whole-copy record is deleted (unless another tab is
 *   copying it right now: the copy holds a lock per file).
 */
import { fingerprint } from './fingerprint';
import { isStagedRecord, STAGE_DIR, STAGE_RESERVE, stagedBytes, type StageDir, type StageFileHandle, type StagedRecord, type SyncAccess } from './stage-dir';
import type { Checkpoint, EngineEvent, LockManager, MediaKind } from './types';

export { STAGE_DIR, STAGE_RESERVE, isStagedRecord, stagedBytes, type StageDir, type StageFileHandle, type StagedRecord, type SyncAccess };

export type StageStatus = 'copying' | 'ready' | 'noRoom' | 'failed' | 'gone';
/** Told to the page beside the engine's events. */
export interface StageEvent {
  type: 'staged';
  /** the engine's item id */
  id: string;
  status: StageStatus;
  /** the file's size: what the copy takes */
  size: number;
  /** free bytes the quota left when the copy was refused */
  free?: number;
}

export interface StagingDeps {
  /** the staging directory (made on first use); null where the browser has no OPFS */
  dir(): Promise<StageDir | null>;
  estimate(): Promise<{ quota?: number; usage?: number }>;
  store: {
    get(key: string): Promise<Checkpoint | undefined>;
    putFile(key: string, file: unknown, expiresAt: number): Promise<void>;
    getFile(key: string): Promise<unknown>;
  };
  locks?: LockManager;
  now(): number;
  /** how long the record lives (the checkpoints' time to live) */
  ttlMs: number;
  emit(e: StageEvent): void;
}

const lockName = (fp: string) => `hr-upload-stage:${fp}`;
const noLock = async () => () => {};

class Aborted extends Error {}

/** Streams `file` into `fh` (never the whole file in memory): a sync access handle, else a writable. */
export async function writeCopy(fh: StageFileHandle, file: Blob, signal: AbortSignal): Promise<void> {
  if (typeof fh.createSyncAccessHandle === 'function') {
    const h = await fh.createSyncAccessHandle();
    const reader = file.stream().getReader();
    try {
      h.truncate(0);
      let at = 0;
      for (;;) {
        if (signal.aborted) throw new Aborted();
        const { done, value } = await reader.read();
        if (done) break;
        for (let off = 0; off < value.byteLength; ) {
          const n = h.write(value.subarray(off), { at: at + off });
          if (!(n > 0)) throw new Error('OPFS write wrote nothing');
          off += n;
        }
        at += value.byteLength;
      }
      h.flush();
    } finally {
      void reader.cancel().catch(() => {});
      h.close();
    }
    return;
  }
  if (typeof fh.createWritable === 'function') {
    const w = await fh.createWritable({ keepExistingData: false });
    await file.stream().pipeTo(w, { signal });
    return;
  }
  throw new Error('OPFS cannot be written here');
}

export class StagedCopies {
  /** engine item id → the fingerprint of the copy it runs with */
  private readonly byId = new Map<string, string>();
  /** fingerprints being copied in this tab */
  private readonly copying = new Map<string, { ctrl: AbortController; done: Promise<void> }>();

  constructor(private readonly deps: StagingDeps) {}

  private async dir(): Promise<StageDir | null> {
    return this.deps.dir().catch(() => null);
  }

  /**
   * Copies `file` (the upload `id`, fingerprint from `lastModified` and `kind` as the engine makes
   * it) into OPFS while it uploads; tells the page copying → ready, or noRoom / failed.
   */
  async stage(id: string, file: Blob, lastModified: number, kind: MediaKind): Promise<void> {
    const emit = (status: StageStatus, free?: number) =>
      this.deps.emit({ type: 'staged', id, status, size: file.size, ...(free === undefined ? {} : { free }) });
    let fp: string;
    try {
      fp = await fingerprint(file, lastModified, kind);
    } catch {
      return emit('failed');
    }
    this.byId.set(id, fp);
    if (this.copying.has(fp)) return emit('copying');
    const dir = await this.dir();
    if (!dir) return emit('failed');
    if (await this.whole(dir, fp, file.size)) return emit('ready');
    const est = await this.deps.estimate().catch(() => ({}) as { quota?: number; usage?: number });
    const free = Math.max(0, (est.quota ?? 0) - (est.usage ?? 0));
    if (free < file.size + STAGE_RESERVE) return emit('noRoom', free);

    const release = await (this.deps.locks?.tryAcquire.bind(this.deps.locks) ?? noLock)(lockName(fp));
    // another tab is copying the same file
    if (!release) return emit('copying');
    const ctrl = new AbortController();
    let finish = () => {};
    this.copying.set(fp, { ctrl, done: new Promise<void>((r) => (finish = r)) });
    emit('copying');
    try {
      await writeCopy(await dir.getFileHandle(fp, { create: true }), file, ctrl.signal);
      if (ctrl.signal.aborted) throw new Aborted();
      await this.deps.store.putFile(fp, { opfs: STAGE_DIR, size: file.size } satisfies StagedRecord, this.deps.now() + this.deps.ttlMs);
      if (ctrl.signal.aborted) throw new Aborted();
      emit('ready');
    } catch {
      await dir.removeEntry(fp).catch(() => {});
      // dropped on purpose (the upload ended first): 'gone' was told already
      if (!ctrl.signal.aborted) emit('failed');
    } finally {
      this.copying.delete(fp);
      release();
      finish();
    }
  }

  /** Whether a whole copy of `fp` is recorded and present. */
  private async whole(dir: StageDir, fp: string, size: number): Promise<boolean> {
    const rec = await this.deps.store.getFile(fp).catch(() => undefined);
    if (!isStagedRecord(rec) || rec.size !== size) return false;
    try {
      return (await (await dir.getFileHandle(fp)).getFile()).size === size;
    } catch {
      return false;
    }
  }

  /**
   * After a reload: the staged copy of a checkpoint, when it is recorded whole and is the same
   * file (size and fingerprint); a copy that is not is deleted. null: the user picks the file.
   */
  async open(cp: Checkpoint): Promise<File | null> {
    const rec = await this.deps.store.getFile(cp.key).catch(() => undefined);
    if (!isStagedRecord(rec)) return null;
    const dir = await this.dir();
    if (!dir) return null;
    try {
      const f = await (await dir.getFileHandle(cp.key)).getFile();
      if (f.size === cp.fileSize && rec.size === cp.fileSize && (await fingerprint(f, cp.lastModified, cp.kind)) === cp.key) return f;
    } catch {
      // gone (the browser evicted it, the user cleared site data)
    }
    await dir.removeEntry(cp.key).catch(() => {});
    return null;
  }

  /** An item restored after a reload runs from its staged copy (dropped when it ends). */
  adopt(id: string, fp: string, size: number): void {
    this.byId.set(id, fp);
    this.deps.emit({ type: 'staged', id, status: 'ready', size });
  }

  /** The engine's events: a copy goes when its upload succeeds, is canceled or removed. */
  onEngineEvent(e: EngineEvent): void {
    const id = e.type === 'item' ? e.item.id : e.type === 'removed' ? e.id : '';
    if (!id || (e.type === 'item' && e.item.state !== 'Success' && e.item.state !== 'Canceled')) return;
    const fp = this.byId.get(id);
    if (!fp) return;
    this.byId.delete(id);
    const gone = () => this.deps.emit({ type: 'staged', id, status: 'gone', size: e.type === 'item' ? e.item.size : 0 });
    // another item may still run with the same copy (the same file queued again after success)
    if ([...this.byId.values()].includes(fp)) return gone();
    void this.drop(fp).finally(gone);
  }

  /** Deletes the copy of `fp` (a copy under way stops and removes what it wrote). */
  async drop(fp: string): Promise<void> {
    const c = this.copying.get(fp);
    if (c) {
      c.ctrl.abort();
      return c.done;
    }
    const dir = await this.dir();
    await dir?.removeEntry(fp).catch(() => {});
  }

  /**
   * At start: deletes every copy without a live checkpoint recording it whole (the checkpoint
   * expired or was dropped, a copy cut short by a reload, a crash between upload and delete).
   * Answers how many went.
   */
  async cleanOrphans(): Promise<number> {
    const dir = await this.dir();
    if (!dir) return 0;
    const names: string[] = [];
    try {
      for await (const name of dir.keys()) names.push(name);
    } catch {
      return 0;
    }
    const inUse = new Set(this.byId.values());
    let n = 0;
    for (const name of names) {
      if (this.copying.has(name) || inUse.has(name)) continue;
      const rec = await this.deps.store.getFile(name).catch(() => undefined);
      const cp = await this.deps.store.get(name).catch(() => undefined);
      if (isStagedRecord(rec) && cp && cp.expiresAt > this.deps.now()) continue;
      const release = await (this.deps.locks?.tryAcquire.bind(this.deps.locks) ?? noLock)(lockName(name));
      if (!release) continue;
      try {
        await dir.removeEntry(name);
        n++;
      } catch {
        // removed meanwhile
      } finally {
        release();
      }
    }
    return n;
  }
}
