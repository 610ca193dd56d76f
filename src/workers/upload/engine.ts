/**
 * The upload engine: a queue of files uploaded one after another, each in parts to OSS through VOD
 * upload credentials, with checkpoints, resume, credential refresh, classified retries, stall
 * detection and CRC64 checks. A plain class: every outside thing (transport, clock, checkpoint
 * store, credentials, network, locks) is injected, so it runs the same in the worker, in Node tests
 * and in the benchmark. Its parts live beside it: credentials.ts (STS, single flight), retry.ts
 * (the retry policy and the stall guard), parts.ts (the part plan, the adaptive tuner, the pool),
 * progress.ts (bytes, speed, the event throttle), checkpoint-writer.ts (writes off the hot path).
 */
import { CheckpointWriter } from './checkpoint-writer';
import { crc64Hasher, crc64OfParts, crcToDecimal } from './crc64';
import { freshFor, SingleFlight, StsCredentials } from './credentials';
import { fingerprint } from './fingerprint';
import { OssClient, OssError } from './oss';
import { computePartSize, partOffset, PartPlanner, runPool, Tuner, type PartJob } from './parts';
import { ProgressMeter, Throttle } from './progress';
import { classify, CrcMismatch, retrying, stallGuard, Stopped } from './retry';
import { VodClient, VodError, type UploadTicket } from './vod';
import {
  DEFAULT_OPTIONS,
  TransportError,
  UploadError,
  type Checkpoint,
  type CheckpointPart,
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

interface Item {
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
    return [...this.items.values()].map((i) => this.snapshot(i));
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
    const item = this.newItem({
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
    });
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
    const item = this.newItem({
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
    });
    item.meter.reset(cp.parts.reduce((n, p) => n + p.size, 0));
    this.items.set(item.id, item);
    this.emitItem(item, true);
    return item.id;
  }

  private newItem(
    base: Pick<Item, 'file' | 'name' | 'size' | 'lastModified' | 'kind' | 'purpose' | 'title' | 'handle' | 'state' | 'fp' | 'mediaId'>,
  ): Item {
    return {
      id: `u${Date.now().toString(36)}${(seq++).toString(36)}`,
      ...base,
      meter: new ProgressMeter(base.size),
      emits: new Throttle(this.options.progressEveryMs),
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
      await this.uploadFile(it, ctrl.signal);
      if (ctrl.signal.aborted) return;
      it.meter.finish();
      this.setState(it, 'Success');
    } catch (e) {
      if (ctrl.signal.aborted || e instanceof Stopped) return;
      const err = this.toUploadError(e);
      it.error = { code: err.code, message: err.message };
      it.meter.idle();
      this.setState(it, 'Failure');
    } finally {
      release?.();
      it.meter.idle();
      if (it.ctrl === ctrl) it.ctrl = null;
    }
  }

  private toUploadError(e: unknown): UploadError {
    if (e instanceof UploadError) return e;
    // the storage quota: the server's own Chinese message is what the user reads
    if ((e instanceof VodError || e instanceof OssError) && e.code === 'QuotaExceeded') return new UploadError('QuotaExceeded', e.message, e);
    if (e instanceof VodError) {
      if (/InvalidSecurityToken|InvalidAccessKeyId|TokenInvalid/.test(e.code)) return new UploadError('InvalidParameter.TokenInvalid', e.message, e);
      return new UploadError('GetUploadAuthFailed', `${e.code}：${e.message}`, e);
    }
    if (e instanceof OssError) return new UploadError('UploadFailed', `${e.code}：${e.message}`, e);
    if (e instanceof TransportError) return new UploadError('NetworkError', '网络连接中断，请检查网络后重试', e);
    if (e instanceof DOMException || (e as Error)?.name === 'NotReadableError' || (e as Error)?.name === 'NotFoundError') {
      return new UploadError('ReadFileError', undefined, e);
    }
    return new UploadError('UploadFailed', e instanceof Error ? e.message : String(e), e);
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
    return retrying(
      {
        retryCount: this.options.retryCount,
        retryDelayMs: this.options.retryDelayMs,
        clock: this.deps.clock,
        network: this.deps.network,
        refreshAuth: async () => {
          if (!it.ticket) return false;
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
      fn,
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

  // --- one file -----------------------------------------------------------------------------------

  private async uploadFile(it: Item, signal: AbortSignal): Promise<void> {
    const file = it.file!;
    const now = () => this.deps.clock.now();
    const writer = new CheckpointWriter(this.deps.store);
    it.writer = writer;
    await this.deps.store.purgeExpired(now()).catch(() => 0);
    let cp = await this.deps.store.get(it.fp).catch(() => undefined);
    if (!cp) cp = await this.remoteCheckpoint(it, signal);

    const partSize = computePartSize(it.size, this.options.partSize, this.options.maxParts);
    const single = it.size <= partSize;

    // credentials for the object: the checkpoint's media, else a new one
    if (cp) {
      try {
        it.ticket = await this.refreshTicket(it, cp.mediaId, signal);
      } catch (e) {
        if (e instanceof VodError && e.status === 404) {
          await this.deps.store.delete(it.fp);
          cp = undefined;
        } else throw e;
      }
    }
    if (!cp) {
      const ext = (it.name.match(/\.([A-Za-z0-9]{1,8})$/)?.[1] ?? (it.kind === 'image' ? 'jpg' : 'mp4')).toLowerCase();
      it.ticket = await this.withSts(it, signal, (c) =>
        it.kind === 'image'
          ? this.vod.createUploadImage(c, { Title: it.title, ImageExt: ext, FileSize: it.size })
          : it.kind === 'attached'
            ? this.vod.createUploadAttachedMedia(c, { Title: it.title, MediaExt: ext, FileSize: it.size })
            : this.vod.createUploadVideo(c, { Title: it.title, FileName: it.name, FileSize: it.size }),
      ).catch((e: unknown) => {
        if (e instanceof Stopped) throw e;
        if (e instanceof VodError && e.code === 'QuotaExceeded') throw this.toUploadError(e);
        throw e instanceof UploadError ? e : new UploadError('GetUploadAuthFailed', undefined, e);
      });
      it.meter.restart();
    }
    it.mediaId = it.ticket!.mediaId;
    this.emitItem(it, true);

    if (single) {
      it.tuner = new Tuner({ ...this.tunerLimits(partSize), adaptive: false });
      await this.putSingle(it, file, signal);
      await this.deps.store.delete(it.fp).catch(() => {});
      return;
    }

    const base: Checkpoint = cp ?? {
      key: it.fp,
      schema: 1,
      fileName: it.name,
      fileSize: it.size,
      lastModified: it.lastModified,
      kind: it.kind,
      title: it.title,
      mediaId: it.mediaId,
      address: it.ticket!.address,
      uploadId: '',
      partSize,
      parts: [],
      createdAt: now(),
      updatedAt: now(),
      expiresAt: now() + this.options.checkpointTtlMs,
    };
    base.address = it.ticket!.address;
    if (base.uploadId) {
      const reconciled = await this.reconcile(it, base, signal);
      if (!reconciled) {
        base.uploadId = '';
        base.parts = [];
        base.inFlight = [];
      }
    }
    if (!base.uploadId) {
      base.partSize = partSize;
      base.parts = [];
      base.inFlight = [];
      base.uploadId = await this.retrying(it, signal, async () => {
        const t = await this.auth(it, signal);
        return this.oss.initiate(t.auth, t.address, contentType(it), signal);
      });
    }
    await this.saveCheckpoint(writer, base);
    it.resumedParts = base.parts.length;
    it.meter.reset(base.parts.reduce((n, p) => n + p.size, 0));
    // a resumed checkpoint keeps its part size (its parts are numbered by it)
    it.tuner = new Tuner(this.tunerLimits(base.partSize));
    this.emitItem(it, true);

    for (let round = 0; ; round++) {
      await this.sendParts(it, file, base, signal);
      await writer.flush();
      await this.report(it, base, true);
      const done = [...base.parts].sort((a, b) => a.partNumber - b.partNumber);
      try {
        const r = await this.retrying(it, signal, async () => {
          const t = await this.auth(it, signal);
          return this.oss.complete(t.auth, t.address, base.uploadId, done, signal);
        });
        if (this.options.crc) {
          const want = crc64OfParts(done);
          if (r.crc64 && r.crc64 !== want) throw new UploadError('IntegrityError', '文件校验失败：存储的文件与本地文件不一致');
          it.crc64 = r.crc64 || want;
        } else it.crc64 = r.crc64;
        break;
      } catch (e) {
        // the store lost a part: find out which, send it again
        if (e instanceof OssError && (e.code === 'InvalidPart' || e.code === 'InvalidPartOrder') && round < 2) {
          if (!(await this.reconcile(it, base, signal))) throw e;
          continue;
        }
        if (e instanceof OssError && e.code === 'NoSuchUpload') await writer.delete(it.fp);
        throw e;
      }
    }
    await writer.delete(it.fp).catch(() => {});
    await this.report(it, base, true, 1);
  }

  private tunerLimits(partSize: number) {
    const o = this.options;
    return { partSize, parallel: o.parallel, maxPartSize: Math.max(partSize, o.maxPartSize), maxParallel: o.maxParallel, adaptive: o.adaptive, maxInFlight: o.maxInFlight };
  }

  /** GetUploadProgress: the server's copy of a checkpoint made in another browser. */
  private async remoteCheckpoint(it: Item, signal: AbortSignal): Promise<Checkpoint | undefined> {
    if (it.kind !== 'video') return undefined;
    try {
      const c = await this.sts.get(signal);
      const r = await this.vod.getUploadProgress(c, { ClientId: this.deps.clientId ?? '', FileHash: it.fp, FileSize: it.size });
      if (!r || !r.UploadId || r.UploadRatio >= 1) return undefined;
      const parts = (JSON.parse(r.UploadPoint || '[]') as [number, string, string, number, number?][]).map(
        ([partNumber, etag, crc64, size, offset]): CheckpointPart => ({ partNumber, etag, crc64, size, ...(offset === undefined ? {} : { offset }) }),
      );
      const t = this.deps.clock.now();
      return {
        key: it.fp,
        schema: 1,
        fileName: it.name,
        fileSize: it.size,
        lastModified: it.lastModified,
        kind: it.kind,
        title: it.title,
        mediaId: r.VideoId,
        address: { Endpoint: '', Bucket: '', FileName: '' },
        uploadId: r.UploadId,
        partSize: r.PartSize,
        parts,
        createdAt: t,
        updatedAt: t,
        expiresAt: t + this.options.checkpointTtlMs,
      };
    } catch (e) {
      if (e instanceof Stopped) throw e;
      return undefined;
    }
  }

  /**
   * ListParts against the checkpoint: parts the store lacks or holds differently are sent again;
   * parts it holds that the checkpoint missed (a crash between the answer and the write) are
   * taken when their size fits equal parts (a checkpoint of adaptive parts sends them again).
   * NoSuchUpload drops the checkpoint (SPEC §8): answers false.
   */
  private async reconcile(it: Item, cp: Checkpoint, signal: AbortSignal): Promise<boolean> {
    let remote;
    try {
      remote = await this.retrying(it, signal, async () => {
        const t = await this.auth(it, signal);
        return this.oss.listParts(t.auth, t.address, cp.uploadId, signal);
      });
    } catch (e) {
      if (e instanceof OssError && e.code === 'NoSuchUpload') {
        await this.deps.store.delete(it.fp);
        return false;
      }
      throw e;
    }
    const total = Math.ceil(it.size / cp.partSize);
    const onGrid = (n: number, offset: number | undefined) => offset === undefined || offset === (n - 1) * cp.partSize;
    const equal = cp.parts.every((p) => onGrid(p.partNumber, p.offset)) && (cp.inFlight ?? []).every((j) => onGrid(j.n, j.offset));
    const mine = new Map(cp.parts.map((p) => [p.partNumber, p]));
    const planned = new Map((cp.inFlight ?? []).map((j) => [j.n, j]));
    const kept: CheckpointPart[] = [];
    for (const r of remote) {
      const m = mine.get(r.partNumber);
      if (m) {
        if (m.size === r.size && m.etag.toUpperCase() === r.etag.toUpperCase() && partOffset(m, cp) + m.size <= it.size) kept.push(m);
        continue;
      }
      // a part of the plan the store holds whole (its answer never reached the checkpoint)
      const j = planned.get(r.partNumber);
      if (j) {
        // taken when its bytes are the file's (the CRC64 of those bytes read again)
        if (j.size === r.size && (!this.options.crc || (r.crc64 && it.file && (await crcOfBytes(await readPart(it.file, j.offset, j.size))) === r.crc64))) {
          const part: CheckpointPart = { partNumber: j.n, etag: r.etag, crc64: r.crc64, size: j.size };
          if (j.offset !== (j.n - 1) * cp.partSize) part.offset = j.offset;
          kept.push(part);
        }
        continue;
      }
      if (!equal || r.partNumber < 1 || r.partNumber > total) continue;
      const expected = r.partNumber < total ? cp.partSize : it.size - cp.partSize * (total - 1);
      if (r.size !== expected) continue;
      if (r.crc64 || !this.options.crc) kept.push({ partNumber: r.partNumber, etag: r.etag, crc64: r.crc64, size: r.size });
    }
    cp.parts = kept;
    const keptNs = new Set(kept.map((p) => p.partNumber));
    if (cp.inFlight) cp.inFlight = cp.inFlight.filter((j) => !keptNs.has(j.n));
    await this.saveCheckpoint(it.writer ?? new CheckpointWriter(this.deps.store), cp);
    return true;
  }

  private saveCheckpoint(w: CheckpointWriter, cp: Checkpoint): Promise<void> {
    const t = this.deps.clock.now();
    cp.updatedAt = t;
    cp.expiresAt = t + this.options.checkpointTtlMs;
    return w.save(cp);
  }

  /** Sends the parts not yet done: the pool, sized by the tuner; checkpoints written behind. */
  private async sendParts(it: Item, file: Blob, cp: Checkpoint, signal: AbortSignal): Promise<void> {
    const planner = new PartPlanner(it.size, this.options.maxParts, cp);
    const tuner = it.tuner!;
    const inFlight = (cp.inFlight ??= []);
    const failure = await runPool(planner, tuner, signal, async (job, inner) => {
      // the plan is written before the part goes out (a reload plans it again exactly so)
      if (!inFlight.some((j) => j.n === job.n)) {
        inFlight.push({ n: job.n, offset: job.offset, size: job.size });
        void this.saveCheckpoint(it.writer!, cp);
      }
      try {
        const part = await this.sendPart(it, file, cp, job, inner);
        cp.parts.push(part);
        const at = inFlight.findIndex((j) => j.n === job.n);
        if (at >= 0) inFlight.splice(at, 1);
        it.meter.partDone(job.n, part.size, this.deps.clock.now());
        tuner.partDone(part.size, this.deps.clock.now());
        void this.saveCheckpoint(it.writer!, cp);
        this.emitItem(it);
        void this.report(it, cp, false);
      } catch (e) {
        it.meter.dropPart(job.n);
        throw e;
      }
    });
    if (signal.aborted) throw new Stopped();
    if (failure) throw failure;
  }

  private async sendPart(it: Item, file: Blob, cp: Checkpoint, job: PartJob, signal: AbortSignal): Promise<CheckpointPart> {
    const { n, offset, size } = job;
    // the part is read once: the same bytes go out and are hashed (a Blob body would be read twice)
    const bytes = await readPart(file, offset, size);
    // CRC64 of the part, computed while the request runs (after it starts, off its critical path)
    const want = this.options.crc ? new Promise<void>((r) => setTimeout(r, 0)).then(() => crcOfBytes(bytes)) : Promise.resolve('');
    want.catch(() => {});
    const body = bytes;
    return this.retrying(it, signal, async () => {
      const t = await this.auth(it, signal);
      it.meter.startPart(n);
      const r = await stallGuard(this.deps.clock, this.options.stallTimeoutMs, signal, (s, touch) =>
        this.oss.uploadPart(t.auth, t.address, cp.uploadId, n, body, s, (loaded) => {
          touch();
          this.onBytes(it, n, loaded);
        }),
      ).catch((e: unknown) => {
        it.meter.startPart(n);
        throw e;
      });
      const crc = await want.catch((e: unknown) => {
        throw new UploadError('ReadFileError', undefined, e);
      });
      if (this.options.crc && r.crc64 && r.crc64 !== crc) {
        it.meter.startPart(n);
        throw new CrcMismatch(`分片 ${n}`);
      }
      const part: CheckpointPart = { partNumber: n, size, etag: r.etag, crc64: crc || r.crc64 };
      if (offset !== (n - 1) * cp.partSize) part.offset = offset;
      return part;
    });
  }

  private async putSingle(it: Item, file: Blob, signal: AbortSignal): Promise<void> {
    const want = this.options.crc ? crcOf(file) : Promise.resolve('');
    want.catch(() => {});
    const r = await this.retrying(it, signal, async () => {
      const t = await this.auth(it, signal);
      it.meter.startPart(1);
      const res = await stallGuard(this.deps.clock, this.options.stallTimeoutMs, signal, (s, touch) =>
        this.oss.putObject(t.auth, t.address, file, contentType(it), s, (loaded) => {
          touch();
          this.onBytes(it, 1, loaded);
        }),
      ).catch((e: unknown) => {
        it.meter.startPart(1);
        throw e;
      });
      const crc = await want.catch((e: unknown) => {
        throw new UploadError('ReadFileError', undefined, e);
      });
      if (this.options.crc && res.crc64 && res.crc64 !== crc) throw new CrcMismatch('文件');
      return { ...res, crc64: crc || res.crc64 };
    });
    it.crc64 = r.crc64;
  }

  // --- progress -----------------------------------------------------------------------------------

  private onBytes(it: Item, n: number, loaded: number): void {
    it.meter.bytes(n, loaded, this.deps.clock.now());
    this.emitItem(it);
  }

  /** ReportUploadProgress (throttled): the server's copy of the checkpoint, signed with STS. */
  private async report(it: Item, cp: Checkpoint, force: boolean, ratio?: number): Promise<void> {
    if (it.kind !== 'video' || !cp.uploadId) return;
    const t = this.deps.clock.now();
    if (!force && t - it.lastReport < this.options.reportEveryMs) return;
    it.lastReport = t;
    try {
      const c = this.sts.current();
      if (!c) return;
      const total = Math.ceil(it.size / cp.partSize);
      const equal = cp.parts.every((p) => p.offset === undefined);
      const done = cp.parts.reduce((s, p) => s + p.size, 0);
      await this.vod.reportUploadProgress(c, {
        ClientId: this.deps.clientId ?? '',
        FileHash: it.fp,
        FileSize: it.size,
        FileName: it.name,
        VideoId: cp.mediaId,
        UploadId: cp.uploadId,
        PartSize: cp.partSize,
        // [number, etag, crc64, size] (+ offset for parts of another size than partSize)
        UploadPoint: JSON.stringify(cp.parts.map((p) => (p.offset === undefined ? [p.partNumber, p.etag, p.crc64, p.size] : [p.partNumber, p.etag, p.crc64, p.size, p.offset]))),
        DonePartsCount: cp.parts.length,
        TotalPart: equal ? total : cp.parts.length + Math.ceil((it.size - done) / (it.tuner?.partSize ?? cp.partSize)),
        UploadRatio: ratio ?? (equal ? Math.floor((cp.parts.length / total) * 10000) / 10000 : Math.min(0.9999, Math.floor((done / it.size) * 10000) / 10000)),
        MediaType: it.kind,
      });
    } catch {
      // progress reports are best effort
    }
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

  private snapshot(it: Item): ItemSnapshot {
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

  private emitItem(it: Item, force = false): void {
    if (!it.emits.pass(this.deps.clock.now(), force)) return;
    this.emit({ type: 'item', item: this.snapshot(it) });
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

/** The bytes of one part; a file that cannot be read any more is a ReadFileError (not retried). */
async function readPart(file: Blob, offset: number, size: number): Promise<Uint8Array> {
  try {
    return new Uint8Array(await file.slice(offset, offset + size).arrayBuffer());
  } catch (e) {
    throw new UploadError('ReadFileError', undefined, e);
  }
}

/** CRC64 of a Blob. */
async function crcOf(blob: Blob): Promise<string> {
  return crcOfBytes(new Uint8Array(await blob.arrayBuffer()));
}

/** CRC64 of some bytes, with a reused hasher (hash-wasm instances are cheap to init, not to create). */
const hashers: Awaited<ReturnType<typeof crc64Hasher>>[] = [];
async function crcOfBytes(bytes: Uint8Array): Promise<string> {
  const h = hashers.pop() ?? (await crc64Hasher());
  try {
    h.init();
    h.update(bytes);
    return crcToDecimal(h.digest('hex'));
  } finally {
    hashers.push(h);
  }
}

function contentType(it: Item): string {
  const ext = it.name.match(/\.([A-Za-z0-9]+)$/)?.[1]?.toLowerCase() ?? '';
  const map: Record<string, string> = {
    mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm', avi: 'video/x-msvideo', mkv: 'video/x-matroska', flv: 'video/x-flv',
    jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp',
  };
  return map[ext] ?? (it.file as File | null)?.type ?? 'application/octet-stream';
}
