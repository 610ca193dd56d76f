/**
 * The upload engine: a queue of files uploaded one after another, each in parts to OSS through VOD
 * upload credentials, with checkpoints, resume, credential refresh, classified retries, stall
 * detection and CRC64 checks. A plain class: every outside thing (transport, clock, checkpoint
 * store, credentials, network, locks) is injected, so it runs the same in the worker, in Node tests
 * and in the benchmark. Its parts live beside it: credentials.ts (STS, single flight), retry.ts
 * (the retry policy and the stall guard), parts.ts (the part plan, the adaptive tuner, the pool),
 * progress.ts (bytes, speed, the event throttle), checkpoint-writer.ts (writes off the hot path),
 * item.ts (one file of the queue and its snapshot), resume.ts (checkpoints as data: fresh, the
 * server's copy, which listed parts to trust), errors.ts (failures as the SPEC's error codes).
 */
import { freshFor, StsCredentials } from './credentials';
import { toUploadError } from './errors';
import { FileUpload } from './file-upload';
import { fingerprint } from './fingerprint';
import { newItem, snapshot, type Item } from './item';
import { OssClient } from './oss';
import { computePartSize } from './parts';
import { classify, retrying, Stopped } from './retry';
import { VodClient, type UploadTicket } from './vod';
import {
  DEFAULT_OPTIONS,
  UploadError,
  type Checkpoint,
  type CheckpointStore,
  type Clock,
  type CredentialProvider,
  type Credentials,
  type EngineEvent,
  type EngineListener,
  type EngineState,
  type ItemSnapshot,
  type ItemState,
  type LockManager,
  type MediaKind,
  type NetworkMonitor,
  type Transport,
  type UploadOptions,
} from './types';

export { classify, computePartSize };

export interface EngineDeps {
  transport: Transport;
  clock: Clock;
  store: CheckpointStore;
  credentials: CredentialProvider;
  network?: NetworkMonitor;
  locks?: LockManager;
  /** the browser's upload client id (cookie, 730 days) for ReportUploadProgress */
  clientId?: string;
  /** keeps what reads the file again after a reload (file handles) */
  files?: { putFile(key: string, file: unknown, expiresAt: number): Promise<void> };
}

export interface AddOptions {
  kind: MediaKind;
  /** what the file is for (a form field, or the media library) */
  purpose?: string;
  title?: string;
  /** a persisted handle (FileSystemFileHandle) to read the file after a reload */
  handle?: unknown;
}

export class UploadEngine {
  readonly options: UploadOptions;
  private readonly items = new Map<string, Item>();
  private readonly listeners = new Set<EngineListener>();
  private readonly oss: OssClient;
  private readonly vod: VodClient;
  private readonly sts: StsCredentials;
  private state: EngineState = 'Init';
  private running: Item | null = null;
  private started = false;
  private readonly files: FileUpload;

  constructor(
    private readonly deps: EngineDeps,
    options: Partial<UploadOptions> = {},
  ) {
    const o = { ...DEFAULT_OPTIONS, ...options };
    // the SDK's 3 × 2 s is the floor
    o.retryCount = Math.max(DEFAULT_OPTIONS.retryCount, Math.floor(o.retryCount));
    o.retryDelayMs = Math.max(DEFAULT_OPTIONS.retryDelayMs, o.retryDelayMs);
    o.parallel = Math.min(Math.max(1, Math.floor(o.parallel)), 32);
    o.maxParts = Math.min(Math.max(1, Math.floor(o.maxParts)), 10000);
    o.maxParallel = Math.min(Math.max(o.parallel, Math.floor(o.maxParallel)), 32);
    o.maxPartSize = Math.max(Math.floor(o.partSize), Math.floor(o.maxPartSize));
    this.options = o;
    this.oss = new OssClient(deps.transport, () => deps.clock.now());
    this.vod = new VodClient(deps.transport, o.vodEndpoint, () => deps.clock.now(), o.region);
    this.sts = new StsCredentials({
      provider: deps.credentials,
      clock: deps.clock,
      refreshBeforeMs: o.refreshBeforeMs,
      network: deps.network,
      onExpire: () => {
        this.setEngine('Expire');
        this.emit({ type: 'tokenExpired' });
      },
    });
    this.files = new FileUpload({
      options: this.options,
      deps,
      oss: this.oss,
      vod: this.vod,
      sts: this.sts,
      blobBodies: deps.transport.streamsBlobs === true,
      retrying: (it, signal, fn) => this.retrying(it, signal, fn),
      withSts: (it, signal, fn) => this.withSts(it, signal, fn),
      refreshTicket: (it, mediaId, signal) => this.refreshTicket(it, mediaId, signal),
      auth: (it, signal) => this.auth(it, signal),
      emitItem: (it, force) => this.emitItem(it, force),
    });
  }

  // --- public surface -------------------------------------------------------------------------

  subscribe(l: EngineListener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  getState(): EngineState {
    return this.state;
  }

  list(): ItemSnapshot[] {
    return [...this.items.values()].map((i) => snapshot(i));
  }

  /** Adds a file to the queue; answers its id. Refuses empty files and files already queued. */
  async addFile(file: Blob | null | undefined, name: string, lastModified: number, opts: AddOptions): Promise<string> {
    if (!file || !name) throw new UploadError('InvalidParameter.EmptyValue');
    if (file.size === 0) throw new UploadError('EmptyFile');
    let fp: string;
    try {
      fp = await fingerprint(file, lastModified, opts.kind);
    } catch (e) {
      throw new UploadError('ReadFileError', undefined, e);
    }
    for (const it of this.items.values()) {
      if (it.fp !== fp) continue;
      if (it.state === 'Success' || it.state === 'Canceled') continue;
      if (it.file === null) {
        // the file of a checkpoint restored after a reload: re-attached
        it.file = file;
        it.name = name;
        if (opts.handle) it.handle = opts.handle;
        if (it.state === 'Failure' || it.state === 'Stoped') this.setState(it, 'Ready');
        this.emitItem(it, true);
        this.pump();
        return it.id;
      }
      throw new UploadError('FileDuplication');
    }
    const item = newItem(
      {
        file,
        name,
        size: file.size,
        lastModified,
        kind: opts.kind,
        purpose: opts.purpose ?? '',
        title: (opts.title ?? name.replace(/\.[^.]*$/, '')) || name,
        handle: opts.handle ?? null,
        state: 'Ready',
        fp,
        mediaId: '',
      },
      this.options.progressEveryMs,
    );
    this.items.set(item.id, item);
    // show earlier progress at once
    const cp = await this.deps.store.get(fp).catch(() => undefined);
    if (cp && cp.expiresAt > this.deps.clock.now()) {
      item.meter.reset(cp.parts.reduce((n, p) => n + p.size, 0));
      item.mediaId = cp.mediaId;
    }
    if (opts.handle && this.deps.files) {
      await this.deps.files.putFile(fp, opts.handle, this.deps.clock.now() + this.options.checkpointTtlMs).catch(() => {});
    }
    this.emitItem(item, true);
    if (this.started) this.pump();
    return item.id;
  }

  /**
   * A checkpoint left by an earlier session, listed without its file (it waits for the user to
   * pick the file again, matched by fingerprint).
   */
  restoreCheckpoint(cp: Checkpoint): string {
    for (const it of this.items.values()) if (it.fp === cp.key) return it.id;
    const item = newItem(
      {
        file: null,
        name: cp.fileName,
        size: cp.fileSize,
        lastModified: cp.lastModified,
        kind: cp.kind,
        purpose: '',
        title: cp.title,
        handle: null,
        state: 'Stoped',
        fp: cp.key,
        mediaId: cp.mediaId,
      },
      this.options.progressEveryMs,
    );
    item.meter.reset(cp.parts.reduce((n, p) => n + p.size, 0));
    this.items.set(item.id, item);
    this.emitItem(item, true);
    return item.id;
  }

  /** startUpload: runs the queue (stopped items continue). */
  start(): void {
    if (this.started && this.running) throw new UploadError('UploadAlearyStarted');
    this.started = true;
    for (const it of this.items.values()) if (it.state === 'Stoped' && it.file) this.setState(it, 'Ready');
    this.setEngine('Start');
    this.pump();
  }

  /** stopUpload: pauses everything, aborting the requests in flight. */
  stop(): void {
    this.started = false;
    for (const it of this.items.values()) if (it.state === 'Uploading' || it.state === 'Ready') this.halt(it, 'Stoped');
    this.setEngine('Stop');
  }

  pause(id: string): void {
    const it = this.must(id);
    if (it.state === 'Uploading' || it.state === 'Ready') this.halt(it, 'Stoped');
  }

  resume(id: string): void {
    const it = this.must(id);
    if (it.state !== 'Stoped') return;
    if (!it.file) throw new UploadError('ReadFileError', '请重新选择该文件以继续上传');
    this.setState(it, 'Ready');
    this.started = true;
    this.pump();
  }

  retry(id: string): void {
    const it = this.must(id);
    if (it.state !== 'Failure') return;
    if (!it.file) throw new UploadError('ReadFileError', '请重新选择该文件以继续上传');
    it.error = null;
    this.setState(it, 'Ready');
    this.started = true;
    this.pump();
  }

  /** Cancels: aborts requests, drops the checkpoint and the parts the store holds. */
  async cancel(id: string): Promise<void> {
    const it = this.must(id);
    if (it.state === 'Success' || it.state === 'Canceled') return;
    this.halt(it, 'Canceled');
    await it.writer?.flush();
    const cp = await this.deps.store.get(it.fp).catch(() => undefined);
    await this.deps.store.delete(it.fp).catch(() => {});
    if (cp?.uploadId) {
      try {
        const t = it.ticket ?? (await this.refreshTicket(it, cp.mediaId, new AbortController().signal));
        await this.oss.abort(t.auth, t.address, cp.uploadId);
      } catch {
        // the store drops abandoned uploads itself
      }
    }
  }

  /** Removes a finished, failed or canceled item from the list. */
  remove(id: string): void {
    const it = this.items.get(id);
    if (!it) return;
    if (it.state === 'Uploading') this.halt(it, 'Canceled');
    this.items.delete(id);
    this.emit({ type: 'removed', id });
  }

  /** After Expire: go on with new STS credentials (or fetch them again when none are given). */
  resumeWithToken(sts?: Credentials): void {
    const wasExpired = this.state === 'Expire';
    this.sts.resume(sts);
    if (wasExpired) this.setEngine(this.started ? 'Start' : 'Stop');
  }

  /** Whether an item holds its file (false: restored from a checkpoint, waiting for the file). */
  hasFile(id: string): boolean {
    return !!this.items.get(id)?.file;
  }

  // --- the queue --------------------------------------------------------------------------------

  private pump(): void {
    if (!this.started || this.running) return;
    const next = [...this.items.values()].find((i) => i.state === 'Ready' && i.file);
    if (!next) {
      if (this.state === 'Start') {
        const failed = [...this.items.values()].some((i) => i.state === 'Failure');
        this.setEngine(failed ? 'Failure' : 'End');
      }
      return;
    }
    this.running = next;
    void this.runItem(next).finally(() => {
      if (this.running === next) this.running = null;
      this.pump();
    });
  }

  private async runItem(it: Item): Promise<void> {
    const ctrl = new AbortController();
    it.ctrl = ctrl;
    it.error = null;
    it.waitingNetwork = false;
    this.setState(it, 'Uploading');
    let release: (() => void) | null = null;
    try {
      if (this.deps.locks) {
        release = await this.deps.locks.tryAcquire(`hr-upload:${it.fp}`);
        if (!release) throw new UploadError('UploadAlearyStarted', '该文件正在其他页面上传');
      }
      await this.files.run(it, ctrl.signal);
      if (ctrl.signal.aborted) return;
      it.meter.finish();
      this.setState(it, 'Success');
    } catch (e) {
      if (ctrl.signal.aborted || e instanceof Stopped) return;
      const err = toUploadError(e);
      it.error = { code: err.code, message: err.message };
      it.meter.idle();
      this.setState(it, 'Failure');
    } finally {
      release?.();
      it.meter.idle();
      if (it.ctrl === ctrl) it.ctrl = null;
    }
  }

  private halt(it: Item, state: ItemState): void {
    const c = it.ctrl;
    it.ctrl = null;
    it.meter.idle();
    this.setState(it, state);
    c?.abort();
    if (this.running === it) {
      this.running = null;
      this.pump();
    }
  }

  // --- credentials and retries ----------------------------------------------------------------------

  /** The retry policy of one item: its retries counted, auth refreshed, the network awaited. */
  private retrying<T>(it: Item, signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
    // the upload auth an attempt started with: a part that fails with an expired auth after
    // another part has already refreshed it just goes again, without another RefreshUpload*
    let startedWith = it.ticket;
    return retrying(
      {
        retryCount: this.options.retryCount,
        retryDelayMs: this.options.retryDelayMs,
        clock: this.deps.clock,
        network: this.deps.network,
        refreshAuth: async () => {
          if (!it.ticket) return false;
          if (it.ticket !== startedWith) return true;
          await this.refreshTicket(it, it.ticket.mediaId, signal);
          return true;
        },
        onWaitingNetwork: (waiting) => {
          it.waitingNetwork = waiting;
          if (waiting) it.meter.speed = 0;
          this.emitItem(it, true);
        },
        onRetry: () => {
          it.retries++;
          it.tuner?.trouble();
          this.emitItem(it, true);
        },
      },
      signal,
      () => {
        startedWith = it.ticket;
        return fn();
      },
    );
  }

  /** VOD call with STS: refreshes STS on auth errors, retries transient ones. */
  private withSts<T>(it: Item, signal: AbortSignal, fn: (c: Credentials) => Promise<T>): Promise<T> {
    let forced = 0;
    return this.retrying(it, signal, async () => {
      for (;;) {
        const c = await this.sts.get(signal, false);
        try {
          return await fn(c);
        } catch (e) {
          if (classify(e) === 'sts' && forced < 2) {
            forced++;
            this.sts.invalidate();
            await this.sts.get(signal, true);
            continue;
          }
          throw e;
        }
      }
    });
  }

  /** The object's upload auth again (RefreshUpload*), one request however many parts need it. */
  private refreshTicket(it: Item, mediaId: string, signal: AbortSignal): Promise<UploadTicket> {
    return it.refreshing.run(() =>
      this.withSts(it, signal, (c) =>
        it.kind === 'image'
          ? this.vod.refreshUploadImage(c, mediaId)
          : it.kind === 'attached'
            ? this.vod.refreshUploadAttachedMedia(c, mediaId)
            : this.vod.refreshUploadVideo(c, mediaId),
      ).then((t) => (it.ticket = t)),
    );
  }

  /** The upload auth, refreshed before it expires. */
  private async auth(it: Item, signal: AbortSignal): Promise<UploadTicket> {
    const t = it.ticket!;
    if (freshFor(t.auth, this.deps.clock.now(), this.options.refreshBeforeMs) && !it.refreshing.busy) return t;
    return this.refreshTicket(it, t.mediaId, signal);
  }

  // --- events -------------------------------------------------------------------------------------

  private must(id: string): Item {
    const it = this.items.get(id);
    if (!it) throw new UploadError('InvalidParameter.EmptyValue', '上传任务不存在');
    return it;
  }

  private setState(it: Item, s: ItemState): void {
    it.state = s;
    if (s !== 'Uploading') it.meter.speed = 0;
    this.emitItem(it, true);
  }

  private setEngine(s: EngineState): void {
    if (this.state === s) return;
    this.state = s;
    this.emit({ type: 'state', state: s });
  }

  private emitItem(it: Item, force = false): void {
    if (!it.emits.pass(this.deps.clock.now(), force)) return;
    this.emit({ type: 'item', item: snapshot(it) });
  }

  private emit(e: EngineEvent): void {
    for (const l of this.listeners) {
      try {
        l(e);
      } catch {
        // a listener's failure is not the engine's
      }
    }
  }
}
