/**
 * What the worker exposes (through Comlink, in upload.worker.ts): one engine wired to the
 * browser — XHR transport, real clock, IndexedDB checkpoints, navigator.locks, the network state
 * the page forwards — with STS credentials and events crossing back to the page as proxies.
 */
import { IdbCheckpointStore } from './checkpoint-store';
import { UploadEngine, type AddOptions } from './engine';
import { XhrTransport } from './xhr-transport';
import type { Checkpoint, Clock, Credentials, EngineListener, ItemSnapshot, LockManager, NetworkMonitor, UploadOptions } from './types';
import { UploadError } from './types';

export interface WorkerConfig {
  vodEndpoint: string;
  clientId: string;
  options?: Partial<UploadOptions>;
  online: boolean;
}

/** A checkpoint left by an earlier session, as the page shows it. */
export interface PendingUpload {
  id: string;
  name: string;
  size: number;
  doneBytes: number;
  updatedAt: number;
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

interface FileHandleLike {
  getFile(): Promise<File>;
  queryPermission?(o: { mode: 'read' }): Promise<PermissionState>;
}

export class WorkerApi {
  private engine: UploadEngine | null = null;
  private store = new IdbCheckpointStore();
  private network = new Network(true);

  init(cfg: WorkerConfig, getSts: () => Promise<Credentials>, listener: EngineListener): void {
    if (this.engine) return;
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
    this.engine.subscribe((e) => listener(e));
    this.engine.start();
  }

  private get e(): UploadEngine {
    if (!this.engine) throw new UploadError('InvalidParameter.EmptyValue', '上传组件尚未初始化');
    return this.engine;
  }

  /** Adds a file; errors cross back as `{code, message}` (Comlink keeps plain objects). */
  async addFile(file: File, opts: AddOptions): Promise<{ id?: string; error?: { code: string; message: string } }> {
    try {
      return { id: await this.e.addFile(file, file?.name ?? '', file?.lastModified ?? 0, opts) };
    } catch (err) {
      const e = err instanceof UploadError ? err : new UploadError('ReadFileError');
      return { error: { code: e.code, message: e.message } };
    }
  }

  /**
   * After a reload: lists the checkpoints of earlier sessions as items waiting for their file;
   * where a persisted file handle still grants reading, the file is taken back at once.
   */
  async restore(): Promise<PendingUpload[]> {
    const now = Date.now();
    await this.store.purgeExpired(now).catch(() => 0);
    const cps: Checkpoint[] = await this.store.list().catch(() => []);
    const out: PendingUpload[] = [];
    for (const cp of cps) {
      const handle = (await this.store.getFile(cp.key).catch(() => undefined)) as FileHandleLike | undefined;
      if (handle && typeof handle.getFile === 'function') {
        try {
          const perm = handle.queryPermission ? await handle.queryPermission({ mode: 'read' }) : 'granted';
          if (perm === 'granted') {
            const file = await handle.getFile();
            const r = await this.e.addFile(file, file.name, file.lastModified, { kind: cp.kind, title: cp.title, handle });
            if (r) continue;
          }
        } catch {
          // the file moved or changed: ask for it
        }
      }
      const id = this.e.restoreCheckpoint(cp);
      out.push({ id, name: cp.fileName, size: cp.fileSize, doneBytes: cp.parts.reduce((n, p) => n + p.size, 0), updatedAt: cp.updatedAt });
    }
    return out;
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
