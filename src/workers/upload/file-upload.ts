/**
 * One file's upload: a single PUT for a small file; else the multipart upload — its checkpoint
 * found (IndexedDB, else the server's copy) and reconciled with ListParts, the parts sent by the
 * pool as the tuner sizes them, checkpoints written behind, Complete with the CRC64 combined from
 * the parts'. The engine hands in its per-item retry policy and credentials (`UploadContext`).
 */
import { CheckpointWriter } from './checkpoint-writer';
import { crc64OfParts, crcOfBlob, crcOfBytesSliced } from './crc64';
import type { StsCredentials } from './credentials';
import { toUploadError } from './errors';
import { contentType, type Item } from './item';
import { OssError, type OssClient } from './oss';
import { computePartSize, PartPlanner, readPart, runPool, Tuner, type PartJob } from './parts';
import { adoptParts, freshCheckpoint, fromRemote, toRemote } from './resume';
import { CrcMismatch, stallGuard, Stopped } from './retry';
import { VodError, type UploadTicket, type VodClient } from './vod';
import { UploadError, type Checkpoint, type CheckpointPart, type CheckpointStore, type Clock, type Credentials, type UploadOptions } from './types';

/** What an upload needs from the engine. */
export interface UploadContext {
  options: UploadOptions;
  deps: { clock: Clock; store: CheckpointStore; clientId?: string };
  oss: OssClient;
  vod: VodClient;
  sts: StsCredentials;
  /** parts go as Blob slices (the transport streams them), the CRC64 reads its own copy */
  blobBodies?: boolean;
  /** the item's retry policy (retries counted, auth refreshed, the network awaited) */
  retrying<T>(it: Item, signal: AbortSignal, fn: () => Promise<T>): Promise<T>;
  /** a VOD call with STS, refreshed on auth errors */
  withSts<T>(it: Item, signal: AbortSignal, fn: (c: Credentials) => Promise<T>): Promise<T>;
  /** the object's upload auth again (single flight) */
  refreshTicket(it: Item, mediaId: string, signal: AbortSignal): Promise<UploadTicket>;
  /** the upload auth, refreshed before it expires */
  auth(it: Item, signal: AbortSignal): Promise<UploadTicket>;
  /** tells the listeners (throttled unless forced) */
  emitItem(it: Item, force?: boolean): void;
}

export class FileUpload {
  private readonly options: UploadOptions;
  private readonly deps: UploadContext['deps'];
  private readonly oss: OssClient;
  private readonly vod: VodClient;
  private readonly sts: StsCredentials;

  constructor(private readonly ctx: UploadContext) {
    this.options = ctx.options;
    this.deps = ctx.deps;
    this.oss = ctx.oss;
    this.vod = ctx.vod;
    this.sts = ctx.sts;
  }

  private retrying<T>(it: Item, signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
    return this.ctx.retrying(it, signal, fn);
  }
  private withSts<T>(it: Item, signal: AbortSignal, fn: (c: Credentials) => Promise<T>): Promise<T> {
    return this.ctx.withSts(it, signal, fn);
  }
  private refreshTicket(it: Item, mediaId: string, signal: AbortSignal): Promise<UploadTicket> {
    return this.ctx.refreshTicket(it, mediaId, signal);
  }
  private auth(it: Item, signal: AbortSignal): Promise<UploadTicket> {
    return this.ctx.auth(it, signal);
  }
  private emitItem(it: Item, force = false): void {
    this.ctx.emitItem(it, force);
  }

  /** Uploads one item's file: a single PUT, or a multipart upload resumed from its checkpoint. */
  async run(it: Item, signal: AbortSignal): Promise<void> {
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
        if (e instanceof VodError && e.code === 'QuotaExceeded') throw toUploadError(e);
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

    const base: Checkpoint = cp ?? freshCheckpoint(it, it.ticket!.address, partSize, now(), this.options.checkpointTtlMs);
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
    return {
      partSize,
      parallel: o.parallel,
      maxPartSize: Math.max(partSize, o.maxPartSize),
      maxParallel: o.maxParallel,
      adaptive: o.adaptive,
      maxInFlight: o.maxInFlight,
      inFlightSeconds: o.inFlightSeconds,
    };
  }

  /** GetUploadProgress: the server's copy of a checkpoint made in another browser. */
  private async remoteCheckpoint(it: Item, signal: AbortSignal): Promise<Checkpoint | undefined> {
    if (it.kind !== 'video') return undefined;
    try {
      const c = await this.sts.get(signal);
      const r = await this.vod.getUploadProgress(c, { ClientId: this.deps.clientId ?? '', FileHash: it.fp, FileSize: it.size });
      if (!r || !r.UploadId || r.UploadRatio >= 1) return undefined;
      return fromRemote(it, r, this.deps.clock.now(), this.options.checkpointTtlMs);
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
    const kept = await adoptParts(cp, remote, it.file, it.size, this.options.crc);
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
    const crcOn = this.options.crc;
    let body: Blob | Uint8Array;
    let want: Promise<string>;
    if (this.ctx.blobBodies) {
      // the browser streams the slice from the file; the CRC64 reads and hashes its own copy
      // while the request is on the wire (no copy of the part on the request's path)
      body = file.slice(offset, offset + size);
      want = crcOn ? new Promise<void>((r) => setTimeout(r, 0)).then(async () => crcOfBytesSliced(await readPart(file, offset, size))) : Promise.resolve('');
    } else {
      // the part is read once: the same bytes go out and are hashed (a Blob body would be read twice)
      const bytes = await readPart(file, offset, size);
      body = bytes;
      // CRC64 of the part, computed while the request runs (after it starts, in slices that let
      // the sockets be written between them)
      want = crcOn ? new Promise<void>((r) => setTimeout(r, 0)).then(() => crcOfBytesSliced(bytes)) : Promise.resolve('');
    }
    want.catch(() => {});
    const readError = (e: unknown) => (e instanceof UploadError ? e : new UploadError('ReadFileError', undefined, e));
    return this.retrying(it, signal, async () => {
      const t = await this.auth(it, signal);
      it.meter.startPart(n);
      const r = await stallGuard(this.deps.clock, this.options.stallTimeoutMs, signal, (s, touch) =>
        this.oss.uploadPart(t.auth, t.address, cp.uploadId, n, body, s, (loaded) => {
          touch();
          this.onBytes(it, n, loaded);
        }),
      ).catch(async (e: unknown) => {
        it.meter.startPart(n);
        // a file that cannot be read any more fails the request too: say so, not "network"
        if (this.ctx.blobBodies && crcOn) await want.catch((re: unknown) => Promise.reject(readError(re)));
        throw e;
      });
      const crc = await want.catch((e: unknown) => {
        throw readError(e);
      });
      if (crcOn && r.crc64 && r.crc64 !== crc) {
        it.meter.startPart(n);
        throw new CrcMismatch(`分片 ${n}`);
      }
      const part: CheckpointPart = { partNumber: n, size, etag: r.etag, crc64: crc || r.crc64 };
      if (offset !== (n - 1) * cp.partSize) part.offset = offset;
      return part;
    });
  }

  private async putSingle(it: Item, file: Blob, signal: AbortSignal): Promise<void> {
    const want = this.options.crc ? crcOfBlob(file) : Promise.resolve('');
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
      await this.vod.reportUploadProgress(c, { ClientId: this.deps.clientId ?? '', ...toRemote(it, cp, ratio) });
    } catch {
      // progress reports are best effort
    }
  }
}
