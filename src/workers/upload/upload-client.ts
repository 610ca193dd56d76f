/**
 * The page's side of the upload worker: starts it on first use, owns the one instance, sends STS
 * credentials and the network state in, and fans the engine's events out (Comlink.proxy).
 */
import * as Comlink from 'comlink';
import type { AddOptions } from './engine';
import type { Credentials, EngineEvent, ItemSnapshot, UploadOptions } from './types';
import type { PendingUpload, WorkerApi, WorkerEvent } from './worker-api';

export interface UploadClientConfig {
  /** GET /ent/v3/upload/sts (the console), or the worker's invitation's upload/sts */
  getSts: () => Promise<Credentials>;
  /** the browser's upload client id (a cookie kept 730 days) */
  clientId: string;
  /** VOD endpoint; default: the sandbox on this origin */
  vodEndpoint?: string;
  options?: Partial<UploadOptions>;
  /** subscribe to "the network is back" (the PWA's net.ts); default: the window's online event */
  onNetworkChange?: (cb: (online: boolean) => void) => () => void;
  /** the checkpoints' IndexedDB database; default the console's (worker-api.ts WorkerConfig) */
  storeName?: string;
}

export type { PendingUpload, ItemSnapshot, EngineEvent, WorkerEvent, Credentials };

export class UploadClient {
  private api: Comlink.Remote<WorkerApi> | null = null;
  private ready: Promise<Comlink.Remote<WorkerApi>> | null = null;
  private worker: Worker | null = null;
  private readonly listeners = new Set<(e: WorkerEvent) => void>();
  private offNet: (() => void) | null = null;

  constructor(private readonly cfg: UploadClientConfig) {}

  subscribe(l: (e: WorkerEvent) => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  /** Starts the worker on first use. */
  private start(): Promise<Comlink.Remote<WorkerApi>> {
    if (!this.ready) {
      this.ready = (async () => {
        this.worker = new Worker(new URL('./upload.worker.ts', import.meta.url), { type: 'module', name: 'upload' });
        const api = Comlink.wrap<WorkerApi>(this.worker);
        const origin = globalThis.location?.origin ?? '';
        await api.init(
          {
            vodEndpoint: this.cfg.vodEndpoint ?? `${origin}/sandbox/vod`,
            clientId: this.cfg.clientId,
            options: this.cfg.options,
            storeName: this.cfg.storeName,
            online: typeof navigator === 'undefined' ? true : navigator.onLine !== false,
          },
          Comlink.proxy(() => this.cfg.getSts()),
          Comlink.proxy((e: WorkerEvent) => this.listeners.forEach((l) => l(e))),
        );
        const forward = (up: boolean) => void api.setOnline(up);
        if (this.cfg.onNetworkChange) this.offNet = this.cfg.onNetworkChange(forward);
        else {
          const on = () => forward(true);
          const off = () => forward(false);
          globalThis.addEventListener('online', on);
          globalThis.addEventListener('offline', off);
          this.offNet = () => {
            globalThis.removeEventListener('online', on);
            globalThis.removeEventListener('offline', off);
          };
        }
        this.api = api;
        return api;
      })();
      this.ready.catch(() => (this.ready = null));
    }
    return this.ready;
  }

  /** `stage`: keep a staged copy in OPFS while it uploads (the user's opt-in; staging.ts) */
  async addFile(file: File, opts: AddOptions & { stage?: boolean }): Promise<string> {
    const api = await this.start();
    const r = await api.addFile(file, opts);
    if (r.error) throw Object.assign(new Error(r.error.message), { code: r.error.code });
    return r.id!;
  }
  async restore(): Promise<PendingUpload[]> {
    return (await this.start()).restore();
  }
  async list(): Promise<ItemSnapshot[]> {
    return (await this.start()).list();
  }
  async pause(id: string) {
    await (await this.start()).pause(id);
  }
  async resume(id: string) {
    await (await this.start()).resume(id);
  }
  async retry(id: string) {
    await (await this.start()).retry(id);
  }
  async cancel(id: string) {
    await (await this.start()).cancel(id);
  }
  async remove(id: string) {
    await (await this.start()).remove(id);
  }
  async stopAll() {
    await (await this.start()).stop();
  }
  async startAll() {
    await (await this.start()).start();
  }
  async resumeWithToken(sts?: Credentials) {
    await (await this.start()).resumeWithToken(sts);
  }

  /**
   * The session ended: pauses every upload (the requests in flight are aborted; the checkpoints
   * stay in IndexedDB for the next login), then ends the worker. Never starts a worker that is
   * not running; a worker that does not answer within `graceMs` is ended anyway.
   */
  async shutdown(graceMs = 1000): Promise<void> {
    const ready = this.ready;
    if (ready) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
      await Promise.race([ready.then((api) => api.stop()).catch(() => undefined), late]);
      clearTimeout(timer);
    }
    this.terminate();
  }

  /** Ends the worker (logout). */
  terminate() {
    this.offNet?.();
    this.worker?.terminate();
    this.worker = null;
    this.api = null;
    this.ready = null;
  }
}
