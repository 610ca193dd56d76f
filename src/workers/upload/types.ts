/**
 * The upload engine's surface (SPEC §4, §8, §9): the states and error codes of Alibaba Cloud's VOD
 * web upload SDK, kept as they are, plus the injected dependencies that let the engine run in a
 * worker, in Node tests and in the benchmark alike.
 */
import type { OssError } from './oss';

/** Item states (SPEC §4, spelled as the SDK spells them). */
export type ItemState = 'Ready' | 'Uploading' | 'Success' | 'Failure' | 'Canceled' | 'Stoped';
/** Overall states (SPEC §4). */
export type EngineState = 'Init' | 'Start' | 'Stop' | 'Failure' | 'Expire' | 'End';

/** SPEC §8 codes, plus the few the engine adds for what the SDK left unnamed. */
export type UploadErrorCode =
  | 'InvalidParameter.EmptyValue'
  | 'InvalidParameter.TokenInvalid'
  | 'ReadFileError'
  | 'FileDuplication'
  | 'UploadAlearyStarted'
  | 'GetUploadAuthFailed'
  | 'EmptyFile'
  /** the network stayed down or kept failing after every retry */
  | 'NetworkError'
  /** CRC64 of the stored object differs from the file's */
  | 'IntegrityError'
  /** the object store refused the upload for another reason (its code is in the message) */
  | 'UploadFailed'
  /** the user's storage quota is used up (the server's Chinese message says how much) */
  | 'QuotaExceeded';

export class UploadError extends Error {
  constructor(
    readonly code: UploadErrorCode,
    message: string = code,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** `attached`: a document (an agreement PDF) through VOD's CreateUploadAttachedMedia. */
export type MediaKind = 'video' | 'image' | 'attached';

export interface UploadOptions {
  /** part size in bytes (SDK default 1 MB); enlarged to ceil(size / maxParts) when needed */
  partSize: number;
  /** parts in flight per file (SDK default 5) */
  parallel: number;
  /** retries of a failing request (SDK: 3; used as the floor) */
  retryCount: number;
  /** first retry delay in ms (SDK: 2000; doubled on each retry, used as the floor) */
  retryDelayMs: number;
  maxParts: number;
  region: string;
  /** VOD RPC endpoint (the sandbox: `<origin>/sandbox/vod`) */
  vodEndpoint: string;
  /** a part without any byte of progress for this long is aborted and retried */
  stallTimeoutMs: number;
  /** refresh upload credentials this long before they expire */
  refreshBeforeMs: number;
  /** keep checkpoints this long after their last write */
  checkpointTtlMs: number;
  /** CRC64 of every part and of the object (off only to measure its cost) */
  crc: boolean;
  /** report progress to the server (ReportUploadProgress) at most this often */
  reportEveryMs: number;
  /** progress events of one item at most this often (state changes always go out) */
  progressEveryMs: number;
  /**
   * grow the part size and the parts in flight while throughput rises, shrink them on errors and
   * stalls (parts then differ in size; checkpoints keep each part's offset). Off: partSize ×
   * parallel throughout.
   */
  adaptive: boolean;
  /** the adaptive part size's ceiling */
  maxPartSize: number;
  /** the adaptive parallelism's ceiling */
  maxParallel: number;
  /**
   * the adaptive tuner's bound on bytes in flight (part size × parallel): what one interruption
   * (a reload, a dropped connection) can make the upload send again
   */
  maxInFlight: number;
  /**
   * and in seconds of upload at the measured rate (at least the start's part size × parallel;
   * 0: no such bound): a fast network keeps more in flight, a slow one the SPEC's start
   */
  inFlightSeconds: number;
}

export const DEFAULT_OPTIONS: UploadOptions = {
  partSize: 1024 * 1024,
  parallel: 5,
  retryCount: 3,
  retryDelayMs: 2000,
  maxParts: 10000,
  region: 'cn-shanghai',
  vodEndpoint: '/sandbox/vod',
  stallTimeoutMs: 30_000,
  refreshBeforeMs: 5 * 60_000,
  checkpointTtlMs: 7 * 24 * 3600_000,
  crc: true,
  reportEveryMs: 3000,
  progressEveryMs: 150,
  adaptive: false,
  maxPartSize: 16 * 1024 * 1024,
  maxParallel: 6,
  maxInFlight: Number.MAX_SAFE_INTEGER,
  inFlightSeconds: 0,
};

/**
 * The console's settings (and the bench's adaptive run): the SPEC's 1 MB × 5 to start, grown while
 * throughput rises or holds, to at most half a second of upload in flight (never less than the
 * start's 5 MB) and 64 MB (16 MB × 4), so one reload or dropped network sends at most that again:
 * a slow uplink keeps the SPEC's settings; progress reaches the page at most 4 times a second per file.
 */
export const CONSOLE_OPTIONS: Partial<UploadOptions> = {
  adaptive: true,
  maxInFlight: 64 * 1024 * 1024,
  inFlightSeconds: 0.5,
  progressEveryMs: 250,
};

/** Short-lived credentials: STS from the API, or the upload auth VOD hands out per object. */
export interface Credentials {
  AccessKeyId: string;
  AccessKeySecret: string;
  SecurityToken: string;
  /** ISO 8601 */
  Expiration: string;
  /** STS only: the video service these credentials are for (production); absent: the configured one */
  VodEndpoint?: string;
  RegionId?: string;
}

/** Where the object goes (VOD's base64 `UploadAddress`). */
export interface UploadAddress {
  Endpoint: string;
  Bucket: string;
  FileName: string;
  /** path-style addressing `<Endpoint>/<Bucket>/<FileName>` (the sandbox), else virtual-hosted */
  PathStyle?: boolean;
}

// --- injected dependencies ----------------------------------------------------------------------

export interface TransportRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'HEAD';
  url: string;
  headers?: Record<string, string>;
  /** a Blob slice, or bytes already read (a part: read once for its CRC64 and the request) */
  body?: Blob | string | Uint8Array;
  signal?: AbortSignal;
  /** bytes of the body sent so far */
  onUploadProgress?: (loaded: number) => void;
}
export interface TransportResponse {
  status: number;
  /** lower-case names */
  headers: Record<string, string>;
  text: string;
}
/** Sends one HTTP request. Rejects with a TransportError when no answer came. */
export interface Transport {
  send(req: TransportRequest): Promise<TransportResponse>;
  /**
   * Sends a Blob body straight from the file, without copying it into this thread (XHR in a
   * browser: the network stack reads the slice). Parts then go out as Blob slices and the CRC64
   * reads its own copy alongside; otherwise a part is read once into memory for both.
   */
  readonly streamsBlobs?: boolean;
}
export class TransportError extends Error {
  constructor(
    readonly kind: 'network' | 'timeout' | 'abort',
    message: string = kind,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Where STS credentials come from (the console: GET /ent/v3/upload/sts). */
export interface CredentialProvider {
  getSts(): Promise<Credentials>;
}

/** Whether the network is up, and a way to wait until it is. */
export interface NetworkMonitor {
  online(): boolean;
  /** resolves when the network is (back) up */
  waitOnline(signal?: AbortSignal): Promise<void>;
}

/** An exclusive lock per file across tabs (navigator.locks in browsers). */
export interface LockManager {
  /** null when another holder has it */
  tryAcquire(name: string): Promise<(() => void) | null>;
}

/** One finished part. */
export interface CheckpointPart {
  partNumber: number;
  size: number;
  /** where the part starts; absent: (partNumber - 1) × the checkpoint's partSize (equal parts) */
  offset?: number;
  etag: string;
  /** CRC64/ECMA as an unsigned decimal string (the x-oss-hash-crc64ecma form); '' when CRC is off */
  crc64: string;
}

export interface Checkpoint {
  /** the file fingerprint */
  key: string;
  schema: 1;
  fileName: string;
  fileSize: number;
  lastModified: number;
  kind: MediaKind;
  title: string;
  /** VideoId or ImageId */
  mediaId: string;
  address: UploadAddress;
  /** '' for single-PUT uploads */
  uploadId: string;
  partSize: number;
  parts: CheckpointPart[];
  /**
   * the parts handed out and not yet confirmed, with their number, offset and size (adaptive
   * parts differ in size): after a reload they are planned again exactly so, and a part the store
   * holds although the checkpoint missed its answer is taken from ListParts instead of sent again
   */
  inFlight?: { n: number; offset: number; size: number }[];
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
}

export interface CheckpointStore {
  get(key: string): Promise<Checkpoint | undefined>;
  put(cp: Checkpoint): Promise<void>;
  delete(key: string): Promise<void>;
  list(): Promise<Checkpoint[]>;
  /** drops expired checkpoints; answers how many */
  purgeExpired(now: number): Promise<number>;
}

/** What the server keeps of a checkpoint (ReportUploadProgress / GetUploadProgress). */
export interface RemoteProgress {
  FileHash: string;
  FileSize: number;
  FileName: string;
  VideoId: string;
  UploadId: string;
  PartSize: number;
  UploadPoint: string;
  DonePartsCount: number;
  TotalPart: number;
  UploadRatio: number;
  MediaType: MediaKind;
}

// --- what the engine tells its listener ---------------------------------------------------------

export interface ItemSnapshot {
  id: string;
  name: string;
  size: number;
  kind: MediaKind;
  purpose: string;
  state: ItemState;
  /** bytes confirmed or in flight; never goes backwards; equals size only after Complete */
  loaded: number;
  /** bytes per second (smoothed); 0 when idle */
  speed: number;
  /** seconds left at the current speed; null when unknown */
  eta: number | null;
  /** VideoId / ImageId once known */
  mediaId: string;
  /** the object's CRC64 (decimal) after success */
  crc64: string;
  /** resumed from a checkpoint: parts skipped */
  resumedParts: number;
  /** waiting for the network to come back */
  waitingNetwork: boolean;
  /** false: restored from a checkpoint after a reload, waiting for the user to pick the file */
  hasFile: boolean;
  error: { code: UploadErrorCode | string; message: string } | null;
  /** number of times this item restarted requests (retries) */
  retries: number;
  /** the part size and parts in flight in use (adaptive: the tuner's current choice); 0 before a run */
  partSize: number;
  parallel: number;
}

export type EngineEvent =
  | { type: 'item'; item: ItemSnapshot }
  | { type: 'removed'; id: string }
  | { type: 'state'; state: EngineState }
  | { type: 'tokenExpired' };

export type EngineListener = (e: EngineEvent) => void;

export type { OssError };
