/**
 * The upload engine: a queue of files uploaded one after another, each in parts (`parallel` in
 * flight) to OSS through VOD upload credentials, with checkpoints after every part, resume,
 * credential refresh, classified retries, stall detection and CRC64 checks. A plain class: every
 * outside thing (transport, clock, checkpoint store, credentials, network, locks) is injected, so
 * it runs the same in the worker, in Node tests and in the benchmark.
 */
import { crc64Hasher, crc64OfParts, crcToDecimal } from './crc64';
import { fingerprint } from './fingerprint';
import { OssClient, OssError } from './oss';
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

/** The part-size rule: at least the configured size, integer, and never more than maxParts parts. */
export function computePartSize(size: number, partSize: number, maxParts: number): number {
  const min = Math.ceil(size / maxParts);
  let p = Math.max(Math.floor(partSize), min, 100 * 1024);
  // whole KiB keeps the reads aligned; still ≥ ceil(size / maxParts)
  p = Math.ceil(p / 1024) * 1024;
  return p;
}

/** Where a failure leads. */
type ErrorClass = 'retry' | 'auth' | 'sts' | 'noSuchUpload' | 'fatal';

export function classify(e: unknown): ErrorClass {
  if (e instanceof TransportError) return e.kind === 'abort' ? 'fatal' : 'retry';
  if (e instanceof CrcMismatch) return 'retry';
  if (e instanceof OssError) {
    if (e.code === 'NoSuchUpload') return 'noSuchUpload';
    if (['SecurityTokenExpired', 'InvalidAccessKeyId', 'InvalidSecurityToken', 'AccessDenied'].includes(e.code)) return 'auth';
    if (e.status >= 500 || e.status === 429 || e.status === 408 || ['RequestTimeout', 'RequestTimeTooSkewed', 'InternalError'].includes(e.code)) return 'retry';
    return 'fatal';
  }
  if (e instanceof VodError) {
    if (/Expired|InvalidSecurityToken|InvalidAccessKeyId|SignatureDoesNotMatch/.test(e.code)) return 'sts';
    if (e.status >= 500 || e.status === 429 || e.code === 'Throttling' || e.code.startsWith('HTTP')) return 'retry';
    return 'fatal';
  }
  return 'fatal';
}

class CrcMismatch extends Error {
  constructor(what: string) {
    super(`CRC64 校验不一致：${what}`);
  }
}
/** Thrown inside a run that was paused or canceled: not a failure. */
class Stopped extends Error {}

/** The per-run fields of a new item (transfer, speed, retries, credentials): none yet. */
function freshRuntime() {
  return {
    inflight: new Map(),
    sent: 0,
    speed: 0,
    speedAt: 0,
    speedSent: 0,
    lastEmit: 0,
    crc64: '',
    resumedParts: 0,
    waitingNetwork: false,
    error: null,
    retries: 0,
    ctrl: null,
    ticket: null,
    refreshing: null,
    lastReport: 0,
  } satisfies Partial<Item>;
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
  loaded: number;
  confirmed: number;
  inflight: Map<number, number>;
  sent: number;
  speed: number;
  speedAt: number;
  speedSent: number;
  lastEmit: number;
  mediaId: string;
  crc64: string;
  resumedParts: number;
  waitingNetwork: boolean;
  error: ItemSnapshot['error'];
  retries: number;
  ctrl: AbortController | null;
  ticket: UploadTicket | null;
  refreshing: Promise<UploadTicket> | null;
  lastReport: number;
}

let seq = 0;

export class UploadEngine {
  readonly options: UploadOptions;
  private readonly items = new Map<string, Item>();
  private readonly listeners = new Set<EngineListener>();
  private readonly oss: OssClient;
  private readonly vod: VodClient;
  private state: EngineState = 'Init';
  private running: Item | null = null;
  private started = false;
  private stsCache: Credentials | null = null;
  private stsFlight: Promise<Credentials> | null = null;
  private expireWaiters: (() => void)[] = [];
  private cpWrites = Promise.resolve();

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
    this.options = o;
    this.oss = new OssClient(deps.transport, () => deps.clock.now());
    this.vod = new VodClient(deps.transport, o.vodEndpoint, () => deps.clock.now(), o.region);
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
    const item: Item = {
      id: `u${Date.now().toString(36)}${(seq++).toString(36)}`,
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
      loaded: 0,
      confirmed: 0,
      mediaId: '',
      ...freshRuntime(),
    };
    this.items.set(item.id, item);
    // show earlier progress at once
    const cp = await this.deps.store.get(fp).catch(() => undefined);
    if (cp && cp.expiresAt > this.deps.clock.now()) {
      item.confirmed = cp.parts.reduce((n, p) => n + p.size, 0);
      item.loaded = Math.min(item.confirmed, item.size - 1);
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
    const item = this.newDetached(cp);
    this.items.set(item.id, item);
    this.emitItem(item, true);
    return item.id;
  }

  private newDetached(cp: Checkpoint): Item {
    const confirmed = cp.parts.reduce((n, p) => n + p.size, 0);
    return {
      id: `u${Date.now().toString(36)}${(seq++).toString(36)}`,
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
      loaded: Math.min(confirmed, cp.fileSize - 1),
      confirmed,
      mediaId: cp.mediaId,
      ...freshRuntime(),
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
    if (sts) {
      if (!sts.AccessKeyId || !sts.AccessKeySecret || !sts.SecurityToken) throw new UploadError('InvalidParameter.EmptyValue');
      this.stsCache = sts;
    }
    const w = this.expireWaiters;
    this.expireWaiters = [];
    if (this.state === 'Expire') this.setEngine(this.started ? 'Start' : 'Stop');
    w.forEach((f) => f());
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
      it.loaded = it.size;
      it.speed = 0;
      this.setState(it, 'Success');
    } catch (e) {
      if (ctrl.signal.aborted || e instanceof Stopped) return;
      const err = this.toUploadError(e);
      it.error = { code: err.code, message: err.message };
      it.speed = 0;
      this.setState(it, 'Failure');
    } finally {
      release?.();
      it.inflight.clear();
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
    it.speed = 0;
    it.inflight.clear();
    this.setState(it, state);
    c?.abort();
    if (this.running === it) {
      this.running = null;
      this.pump();
    }
  }

  // --- credentials --------------------------------------------------------------------------------

  private fresh(c: Credentials | null): c is Credentials {
    return !!c && new Date(c.Expiration).getTime() - this.deps.clock.now() > this.options.refreshBeforeMs;
  }
  private valid(c: Credentials | null): c is Credentials {
    return !!c && new Date(c.Expiration).getTime() > this.deps.clock.now();
  }

  /** STS credentials: cached, refreshed before expiry, one request at a time. */
  private async sts(signal: AbortSignal, force = false): Promise<Credentials> {
    for (;;) {
      if (!force && this.fresh(this.stsCache)) return this.stsCache;
      if (!this.stsFlight) {
        this.stsFlight = this.deps.credentials
          .getSts()
          .then((c) => {
            if (!c?.AccessKeyId || !c.AccessKeySecret || !c.SecurityToken || !c.Expiration) {
              throw new UploadError('InvalidParameter.TokenInvalid');
            }
            this.stsCache = c;
            return c;
          })
          .finally(() => (this.stsFlight = null));
      }
      try {
        return await this.stsFlight;
      } catch (e) {
        if (e instanceof UploadError && e.code === 'InvalidParameter.TokenInvalid') throw e;
        if (!force && this.valid(this.stsCache)) return this.stsCache;
        // offline: not an expiry, wait for the network and ask again
        const net = this.deps.network;
        if (net && !net.online()) {
          await net.waitOnline(signal).catch(() => {
            throw new Stopped();
          });
          continue;
        }
        // cannot refresh: Expire, tell the app, wait for resumeWithToken
        await this.waitExpire(signal);
        force = false;
        if (this.valid(this.stsCache) && this.fresh(this.stsCache)) return this.stsCache;
      }
    }
  }

  private waitExpire(signal: AbortSignal): Promise<void> {
    if (this.state !== 'Expire') {
      this.setEngine('Expire');
      this.emit({ type: 'tokenExpired' });
    }
    return new Promise((resolve, reject) => {
      const done = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        this.expireWaiters = this.expireWaiters.filter((f) => f !== done);
        reject(new Stopped());
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.expireWaiters.push(done);
    });
  }

  /** VOD call with STS: refreshes STS on auth errors, retries transient ones. */
  private async withSts<T>(it: Item, signal: AbortSignal, fn: (c: Credentials) => Promise<T>): Promise<T> {
    let forced = 0;
    return this.retrying(it, signal, async () => {
      for (;;) {
        const c = await this.sts(signal, false);
        try {
          return await fn(c);
        } catch (e) {
          if (classify(e) === 'sts' && forced < 2) {
            forced++;
            this.stsCache = null;
            await this.sts(signal, true);
            continue;
          }
          throw e;
        }
      }
    });
  }

  private async refreshTicket(it: Item, mediaId: string, signal: AbortSignal): Promise<UploadTicket> {
    if (!it.refreshing) {
      it.refreshing = this.withSts(it, signal, (c) =>
        it.kind === 'image'
          ? this.vod.refreshUploadImage(c, mediaId)
          : it.kind === 'attached'
            ? this.vod.refreshUploadAttachedMedia(c, mediaId)
            : this.vod.refreshUploadVideo(c, mediaId),
      )
        .then((t) => (it.ticket = t))
        .finally(() => (it.refreshing = null));
    }
    return it.refreshing;
  }

  /** The upload auth, refreshed before it expires. */
  private async auth(it: Item, signal: AbortSignal): Promise<UploadTicket> {
    const t = it.ticket!;
    if (this.fresh(t.auth) && !it.refreshing) return t;
    return this.refreshTicket(it, t.mediaId, signal);
  }

  // --- retries ------------------------------------------------------------------------------------

  /**
   * Runs `fn` until it succeeds: transient errors (network, timeouts, 5xx, CRC mismatch, stalls)
   * are retried with doubling delays (at least retryCount times from retryDelayMs); while the
   * network is down nothing is spent, the engine waits for it; auth errors refresh the upload auth.
   */
  private async retrying<T>(it: Item, signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
    let attempt = 0;
    let authRefresh = 0;
    for (;;) {
      if (signal.aborted) throw new Stopped();
      try {
        return await fn();
      } catch (e) {
        if (signal.aborted) throw new Stopped();
        const kind = classify(e);
        if (kind === 'auth' && it.ticket && authRefresh < 3) {
          authRefresh++;
          await this.refreshTicket(it, it.ticket.mediaId, signal);
          continue;
        }
        if (kind !== 'retry') throw e;
        const net = this.deps.network;
        if (net && !net.online()) {
          it.waitingNetwork = true;
          it.speed = 0;
          this.emitItem(it, true);
          await net.waitOnline(signal).catch(() => {
            throw new Stopped();
          });
          it.waitingNetwork = false;
          this.emitItem(it, true);
          continue;
        }
        if (attempt >= this.options.retryCount) throw e;
        attempt++;
        it.retries++;
        this.emitItem(it, true);
        const delay = Math.min(this.options.retryDelayMs * 2 ** (attempt - 1), 30_000);
        await this.deps.clock.sleep(delay, signal).catch(() => {
          throw new Stopped();
        });
      }
    }
  }

  // --- one file -----------------------------------------------------------------------------------

  private async uploadFile(it: Item, signal: AbortSignal): Promise<void> {
    const file = it.file!;
    const now = () => this.deps.clock.now();
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
      it.confirmed = 0;
      it.loaded = 0;
    }
    it.mediaId = it.ticket!.mediaId;
    this.emitItem(it, true);

    if (single) {
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
      }
    }
    if (!base.uploadId) {
      base.partSize = partSize;
      base.parts = [];
      base.uploadId = await this.retrying(it, signal, async () => {
        const t = await this.auth(it, signal);
        return this.oss.initiate(t.auth, t.address, contentType(it), signal);
      });
    }
    await this.saveCheckpoint(base);
    it.resumedParts = base.parts.length;
    it.confirmed = base.parts.reduce((n, p) => n + p.size, 0);
    it.loaded = Math.max(it.loaded, Math.min(it.confirmed, it.size - 1));
    this.emitItem(it, true);

    for (let round = 0; ; round++) {
      await this.sendParts(it, file, base, signal);
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
        if (e instanceof OssError && e.code === 'NoSuchUpload') await this.deps.store.delete(it.fp);
        throw e;
      }
    }
    await this.deps.store.delete(it.fp).catch(() => {});
    await this.report(it, base, true, 1);
  }

  /** GetUploadProgress: the server's copy of a checkpoint made in another browser. */
  private async remoteCheckpoint(it: Item, signal: AbortSignal): Promise<Checkpoint | undefined> {
    if (it.kind !== 'video') return undefined;
    try {
      const c = await this.sts(signal);
      const r = await this.vod.getUploadProgress(c, { ClientId: this.deps.clientId ?? '', FileHash: it.fp, FileSize: it.size });
      if (!r || !r.UploadId || r.UploadRatio >= 1) return undefined;
      const parts = (JSON.parse(r.UploadPoint || '[]') as [number, string, string, number][]).map(
        ([partNumber, etag, crc64, size]): CheckpointPart => ({ partNumber, etag, crc64, size }),
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
   * taken when their size fits. NoSuchUpload drops the checkpoint (SPEC §8): answers false.
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
    const mine = new Map(cp.parts.map((p) => [p.partNumber, p]));
    const kept: CheckpointPart[] = [];
    for (const r of remote) {
      if (r.partNumber < 1 || r.partNumber > total) continue;
      const expected = r.partNumber < total ? cp.partSize : it.size - cp.partSize * (total - 1);
      if (r.size !== expected) continue;
      const m = mine.get(r.partNumber);
      if (m && m.etag.toUpperCase() === r.etag.toUpperCase()) kept.push(m);
      else if (!m && (r.crc64 || !this.options.crc)) kept.push({ partNumber: r.partNumber, etag: r.etag, crc64: r.crc64, size: r.size });
    }
    cp.parts = kept;
    await this.saveCheckpoint(cp);
    return true;
  }

  private saveCheckpoint(cp: Checkpoint): Promise<void> {
    const t = this.deps.clock.now();
    cp.updatedAt = t;
    cp.expiresAt = t + this.options.checkpointTtlMs;
    const copy = structuredClone(cp);
    // writes in order, one at a time
    this.cpWrites = this.cpWrites.then(() => this.deps.store.put(copy)).catch(() => {});
    return this.cpWrites;
  }

  /** Sends the parts not yet done, `parallel` at a time. */
  private async sendParts(it: Item, file: Blob, cp: Checkpoint, signal: AbortSignal): Promise<void> {
    const total = Math.ceil(it.size / cp.partSize);
    const done = new Set(cp.parts.map((p) => p.partNumber));
    const todo: number[] = [];
    for (let n = 1; n <= total; n++) if (!done.has(n)) todo.push(n);
    let failure: unknown = null;
    const inner = new AbortController();
    const onAbort = () => inner.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const worker = async () => {
      while (todo.length && !failure && !signal.aborted) {
        const n = todo.shift()!;
        try {
          const part = await this.sendPart(it, file, cp, n, inner.signal);
          cp.parts.push(part);
          it.inflight.delete(n);
          it.confirmed += part.size;
          await this.saveCheckpoint(cp);
          this.progress(it);
          void this.report(it, cp, false);
        } catch (e) {
          it.inflight.delete(n);
          if (!failure) failure = e;
          inner.abort();
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(this.options.parallel, todo.length) }, worker));
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    if (signal.aborted) throw new Stopped();
    if (failure) throw failure;
  }

  private async sendPart(it: Item, file: Blob, cp: Checkpoint, n: number, signal: AbortSignal): Promise<CheckpointPart> {
    const start = (n - 1) * cp.partSize;
    const end = Math.min(it.size, start + cp.partSize);
    const body = file.slice(start, end);
    const want = this.options.crc ? this.crcOf(body) : Promise.resolve('');
    want.catch(() => {});
    return this.retrying(it, signal, async () => {
      const t = await this.auth(it, signal);
      it.inflight.set(n, 0);
      const r = await this.stallGuard(signal, (s, touch) =>
        this.oss.uploadPart(t.auth, t.address, cp.uploadId, n, body, s, (loaded) => {
          touch();
          this.onBytes(it, n, loaded);
        }),
      ).catch((e: unknown) => {
        it.inflight.set(n, 0);
        throw e;
      });
      const crc = await want.catch((e: unknown) => {
        throw new UploadError('ReadFileError', undefined, e);
      });
      if (this.options.crc && r.crc64 && r.crc64 !== crc) {
        it.inflight.set(n, 0);
        throw new CrcMismatch(`分片 ${n}`);
      }
      return { partNumber: n, size: end - start, etag: r.etag, crc64: crc || r.crc64 };
    });
  }

  private async putSingle(it: Item, file: Blob, signal: AbortSignal): Promise<void> {
    const want = this.options.crc ? this.crcOf(file) : Promise.resolve('');
    want.catch(() => {});
    const r = await this.retrying(it, signal, async () => {
      const t = await this.auth(it, signal);
      it.inflight.set(1, 0);
      const res = await this.stallGuard(signal, (s, touch) =>
        this.oss.putObject(t.auth, t.address, file, contentType(it), s, (loaded) => {
          touch();
          this.onBytes(it, 1, loaded);
        }),
      ).catch((e: unknown) => {
        it.inflight.set(1, 0);
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

  private async crcOf(blob: Blob): Promise<string> {
    const h = await crc64Hasher();
    h.update(new Uint8Array(await blob.arrayBuffer()));
    return crcToDecimal(h.digest('hex'));
  }

  /** Aborts a request that made no progress for stallTimeoutMs (counted as a timeout). */
  private async stallGuard<T>(signal: AbortSignal, fn: (s: AbortSignal, touch: () => void) => Promise<T>): Promise<T> {
    const ctrl = new AbortController();
    const onAbort = () => ctrl.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    let last = this.deps.clock.now();
    let stalled = false;
    const limit = this.options.stallTimeoutMs;
    const timer = setInterval(() => {
      if (this.deps.clock.now() - last > limit) {
        stalled = true;
        ctrl.abort();
      }
    }, Math.max(50, Math.min(1000, limit / 4)));
    try {
      return await fn(ctrl.signal, () => (last = this.deps.clock.now()));
    } catch (e) {
      if (stalled && !signal.aborted) throw new TransportError('timeout', '请求长时间无响应');
      throw e;
    } finally {
      clearInterval(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }

  // --- progress -----------------------------------------------------------------------------------

  private onBytes(it: Item, n: number, loaded: number): void {
    const prev = it.inflight.get(n) ?? 0;
    if (loaded > prev) it.sent += loaded - prev;
    it.inflight.set(n, loaded);
    this.progress(it);
  }

  private progress(it: Item): void {
    let inflight = 0;
    for (const v of it.inflight.values()) inflight += v;
    // never backwards, and the last byte only after Complete
    it.loaded = Math.max(it.loaded, Math.min(it.confirmed + inflight, it.size - 1));
    const t = this.deps.clock.now();
    if (!it.speedAt) {
      it.speedAt = t;
      it.speedSent = it.sent;
    } else if (t - it.speedAt >= 500) {
      const rate = ((it.sent - it.speedSent) * 1000) / (t - it.speedAt);
      it.speed = it.speed ? it.speed * 0.6 + rate * 0.4 : rate;
      it.speedAt = t;
      it.speedSent = it.sent;
    }
    this.emitItem(it);
  }

  /** ReportUploadProgress (throttled): the server's copy of the checkpoint, signed with STS. */
  private async report(it: Item, cp: Checkpoint, force: boolean, ratio?: number): Promise<void> {
    if (it.kind !== 'video' || !cp.uploadId) return;
    const t = this.deps.clock.now();
    if (!force && t - it.lastReport < this.options.reportEveryMs) return;
    it.lastReport = t;
    try {
      const c = this.stsCache && this.valid(this.stsCache) ? this.stsCache : null;
      if (!c) return;
      const total = Math.ceil(it.size / cp.partSize);
      await this.vod.reportUploadProgress(c, {
        ClientId: this.deps.clientId ?? '',
        FileHash: it.fp,
        FileSize: it.size,
        FileName: it.name,
        VideoId: cp.mediaId,
        UploadId: cp.uploadId,
        PartSize: cp.partSize,
        UploadPoint: JSON.stringify(cp.parts.map((p) => [p.partNumber, p.etag, p.crc64, p.size])),
        DonePartsCount: cp.parts.length,
        TotalPart: total,
        UploadRatio: ratio ?? Math.floor((cp.parts.length / total) * 10000) / 10000,
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
    if (s !== 'Uploading') it.speed = 0;
    this.emitItem(it, true);
  }

  private setEngine(s: EngineState): void {
    if (this.state === s) return;
    this.state = s;
    this.emit({ type: 'state', state: s });
  }

  private snapshot(it: Item): ItemSnapshot {
    const left = it.size - it.loaded;
    return {
      id: it.id,
      name: it.name,
      size: it.size,
      kind: it.kind,
      purpose: it.purpose,
      state: it.state,
      loaded: it.loaded,
      speed: Math.round(it.speed),
      eta: it.state === 'Uploading' && it.speed > 0 ? Math.ceil(left / it.speed) : null,
      mediaId: it.mediaId,
      crc64: it.crc64,
      resumedParts: it.resumedParts,
      waitingNetwork: it.waitingNetwork,
      hasFile: it.file !== null,
      error: it.error,
      retries: it.retries,
    };
  }

  private emitItem(it: Item, force = false): void {
    const t = this.deps.clock.now();
    if (!force && t - it.lastEmit < this.options.progressEveryMs) return;
    it.lastEmit = t;
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

  /** Whether an item holds its file (false: restored from a checkpoint, waiting for the file). */
  hasFile(id: string): boolean {
    return !!this.items.get(id)?.file;
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
