/**
 * What the worker exposes (through Comlink, in upload.worker.ts): one engine wired to the
 * browser — XHR transport, real clock, IndexedDB checkpoints, navigator.locks, the network state
 * the page forwards — with STS credentials and events crossing back to the page as proxies.
 */
import { IdbCheckpointStore } from './checkpoint-store';
import { computePartSize, UploadEngine, type AddOptions } from './engine';
import { keepHandle, restorePending, type PendingUpload } from './file-source';
import { StagedCopies, STAGE_DIR, type StageDir, type StageEvent } from './staging';
import { XhrTransport } from './xhr-transport';
import type { Clock, Credentials, EngineListener, ItemSnapshot, LockManager, NetworkMonitor, UploadOptions } from './types';
import { UploadError } from './types';

export interface WorkerConfig {
  vodEndpoint: string;
  clientId: string;
  options?: Partial<UploadOptions>;
  online: boolean;
  /**
   * the IndexedDB database of the checkpoints (default `hr-console-upload`): a page of another
   * owner (the worker's delivery photos) keeps its own, so the console never lists them
   */
  storeName?: string;
}

export type { PendingUpload };

/** The engine's events and the staged copies' (staging.ts), as the page receives them. */
export type WorkerEvent = Parameters<EngineListener>[0] | StageEvent;

/** The OPFS staging directory where the browser has OPFS. */
async function stageDir(): Promise<StageDir | null> {
  const storage = typeof navigator === 'undefined' ? undefined : (navigator.storage as StorageManager | undefined);
  if (!storage || typeof storage.getDirectory !== 'function') return null;
  const root = await storage.getDirectory();
  return (await root.getDirectoryHandle(STAGE_DIR, { create: true })) as unknown as StageDir;
}

const clock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new Error('aborted'));
      const t = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => (clearTimeout(t), reject(new Error('aborted'))), { once: true });
    }),
};

class Network implements NetworkMonitor {
  private waiters: (() => void)[] = [];
  constructor(private up: boolean) {}
  online() {
    return this.up;
  }
  waitOnline(signal?: AbortSignal) {
    if (this.up) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiters.push(resolve);
      signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
    });
  }
  set(up: boolean) {
    this.up = up;
    if (up) this.waiters.splice(0).forEach((f) => f());
  }
}

/** navigator.locks where the browser has it: two tabs never upload the same file at once. */
const locks: LockManager | undefined =
  typeof navigator !== 'undefined' && 'locks' in navigator
    ? {
        tryAcquire: (name) =>
          new Promise((resolve) => {
            void navigator.locks.request(name, { ifAvailable: true }, (lock) => {
              if (!lock) {
                resolve(null);
                return;
              }
              return new Promise<void>((release) => resolve(() => release()));
            });
          }),
      }
    : undefined;

export class WorkerApi {
  private engine: UploadEngine | null = null;
  private store = new IdbCheckpointStore();
  private network = new Network(true);
  private staging: StagedCopies | null = null;

  init(cfg: WorkerConfig, getSts: () => Promise<Credentials>, listener: (e: WorkerEvent) => void): void {
    if (this.engine) return;
    if (cfg.storeName) this.store = new IdbCheckpointStore(cfg.storeName);
    this.network.set(cfg.online);
    this.engine = new UploadEngine(
      {
        transport: new XhrTransport(),
        clock,
        store: this.store,
        credentials: { getSts: () => getSts() },
        network: this.network,
        locks,
        clientId: cfg.clientId,
        files: this.store,
      },
      { ...cfg.options, vodEndpoint: cfg.vodEndpoint },
    );
    const staging = new StagedCopies({
      dir: stageDir,
      estimate: () => navigator.storage.estimate(),
      store: this.store,
      locks,
      now: () => Date.now(),
      ttlMs: this.engine.options.checkpointTtlMs,
      emit: (e) => listener(e),
    });
    this.staging = staging;
    this.engine.subscribe((e) => {
      listener(e);
      staging.onEngineEvent(e);
    });
    this.engine.start();
  }

  private get e(): UploadEngine {
    if (!this.engine) throw new UploadError('InvalidParameter.EmptyValue', '上传组件尚未初始化');
    return this.engine;
  }

  /**
   * Adds a file; errors cross back as `{code, message}` (Comlink keeps plain objects). `stage`:
   * the user opted in to a staged copy in OPFS (kept for a reload where no file handle is).
   */
  async addFile(file: File, opts: AddOptions & { stage?: boolean }): Promise<{ id?: string; error?: { code: string; message: string } }> {
    try {
      const { stage, ...add } = opts;
      const id = await this.e.addFile(file, file?.name ?? '', file?.lastModified ?? 0, add);
      const o = this.e.options;
      if (add.handle) void keepHandle(this.store, file, file.lastModified ?? 0, add.kind, add.handle, Date.now() + o.checkpointTtlMs).catch(() => {});
      // a single-PUT file leaves no checkpoint to resume
      if (stage && !add.handle && this.staging && file.size > computePartSize(file.size, o.partSize, o.maxParts)) {
        void this.staging.stage(id, file, file.lastModified ?? 0, add.kind);
      }
      return { id };
    } catch (err) {
      const e = err instanceof UploadError ? err : new UploadError('ReadFileError');
      return { error: { code: e.code, message: e.message } };
    }
  }

  /**
   * After a reload: lists the checkpoints of earlier sessions as items waiting for their file;
   * where a persisted file handle still grants reading, or a staged copy is kept, the file is taken
   * back at once (file-source.ts).
   */
  async restore(): Promise<PendingUpload[]> {
    return restorePending(this.e, this.store, this.staging, Date.now());
  }

  list(): ItemSnapshot[] {
    return this.e.list();
  }
  start() {
    try {
      this.e.start();
    } catch {
      // already running
    }
  }
  stop() {
    this.e.stop();
  }
  pause(id: string) {
    this.e.pause(id);
  }
  resume(id: string) {
    this.e.resume(id);
  }
  retry(id: string) {
    this.e.retry(id);
  }
  async cancel(id: string) {
    await this.e.cancel(id);
  }
  remove(id: string) {
    this.e.remove(id);
  }
  resumeWithToken(sts?: Credentials) {
    this.e.resumeWithToken(sts);
  }
  setOnline(up: boolean) {
    this.network.set(up);
  }
}
