/**
 * Checkpoints as data: a fresh one for a new upload, the server's copy (ReportUploadProgress /
 * GetUploadProgress) both ways, and which of the parts the store lists (ListParts) a resumed
 * upload may trust instead of sending them again.
 */
import { crcOfBytes } from './crc64';
import type { Item } from './item';
import type { PartInfo } from './oss';
import { partOffset, readPart } from './parts';
import type { Checkpoint, CheckpointPart, RemoteProgress, UploadAddress } from './types';

/** The checkpoint of an upload about to start. */
export function freshCheckpoint(it: Item, address: UploadAddress, partSize: number, now: number, ttlMs: number): Checkpoint {
  return {
    key: it.fp,
    schema: 1,
    fileName: it.name,
    fileSize: it.size,
    lastModified: it.lastModified,
    kind: it.kind,
    title: it.title,
    mediaId: it.mediaId,
    address,
    uploadId: '',
    partSize,
    parts: [],
    inFlight: [],
    createdAt: now,
    updatedAt: now,
    expiresAt: now + ttlMs,
  };
}

/** A checkpoint from the server's copy (GetUploadProgress), made in another browser. */
export function fromRemote(it: Item, r: RemoteProgress, now: number, ttlMs: number): Checkpoint {
  const parts = (JSON.parse(r.UploadPoint || '[]') as [number, string, string, number, number?][]).map(
    ([partNumber, etag, crc64, size, offset]): CheckpointPart => ({ partNumber, etag, crc64, size, ...(offset === undefined ? {} : { offset }) }),
  );
  return {
    ...freshCheckpoint(it, { Endpoint: '', Bucket: '', FileName: '' }, r.PartSize, now, ttlMs),
    mediaId: r.VideoId,
    uploadId: r.UploadId,
    parts,
  };
}

/** The server's copy of a checkpoint (ReportUploadProgress); `ratio` overrides the computed one. */
export function toRemote(it: Item, cp: Checkpoint, ratio?: number): RemoteProgress {
  const total = Math.ceil(it.size / cp.partSize);
  const equal = cp.parts.every((p) => p.offset === undefined);
  const done = cp.parts.reduce((s, p) => s + p.size, 0);
  return {
    FileHash: it.fp,
    FileSize: it.size,
    FileName: it.name,
    VideoId: cp.mediaId,
    UploadId: cp.uploadId,
    PartSize: cp.partSize,
    // [number, etag, crc64, size] (+ offset for parts of another size than partSize)
    UploadPoint: JSON.stringify(
      cp.parts.map((p) => (p.offset === undefined ? [p.partNumber, p.etag, p.crc64, p.size] : [p.partNumber, p.etag, p.crc64, p.size, p.offset])),
    ),
    DonePartsCount: cp.parts.length,
    TotalPart: equal ? total : cp.parts.length + Math.ceil((it.size - done) / (it.tuner?.partSize ?? cp.partSize)),
    UploadRatio: ratio ?? (equal ? Math.floor((cp.parts.length / total) * 10000) / 10000 : Math.min(0.9999, Math.floor((done / it.size) * 10000) / 10000)),
    MediaType: it.kind,
  };
}

/**
 * The parts of `remote` (ListParts) a resumed upload keeps: the checkpoint's own parts the store
 * holds as recorded; parts of the plan in flight that the store holds whole (their answer never
 * reached the checkpoint), when their bytes are the file's (CRC64 of those bytes read again);
 * and, for a checkpoint of equal parts only, parts it missed whose size fits their number.
 */
export async function adoptParts(cp: Checkpoint, remote: PartInfo[], file: Blob | null, fileSize: number, crc: boolean): Promise<CheckpointPart[]> {
  const total = Math.ceil(fileSize / cp.partSize);
  const onGrid = (n: number, offset: number | undefined) => offset === undefined || offset === (n - 1) * cp.partSize;
  const equal = cp.parts.every((p) => onGrid(p.partNumber, p.offset)) && (cp.inFlight ?? []).every((j) => onGrid(j.n, j.offset));
  const mine = new Map(cp.parts.map((p) => [p.partNumber, p]));
  const planned = new Map((cp.inFlight ?? []).map((j) => [j.n, j]));
  const kept: CheckpointPart[] = [];
  for (const r of remote) {
    const m = mine.get(r.partNumber);
    if (m) {
      if (m.size === r.size && m.etag.toUpperCase() === r.etag.toUpperCase() && partOffset(m, cp) + m.size <= fileSize) kept.push(m);
      continue;
    }
    const j = planned.get(r.partNumber);
    if (j) {
      if (
        j.size === r.size &&
        j.offset + j.size <= fileSize &&
        (!crc || (r.crc64 && file && (await crcOfBytes(await readPart(file, j.offset, j.size))) === r.crc64))
      ) {
        const part: CheckpointPart = { partNumber: j.n, etag: r.etag, crc64: r.crc64, size: j.size };
        if (!onGrid(j.n, j.offset)) part.offset = j.offset;
        kept.push(part);
      }
      continue;
    }
    if (!equal || r.partNumber < 1 || r.partNumber > total) continue;
    const expected = r.partNumber < total ? cp.partSize : fileSize - cp.partSize * (total - 1);
    if (r.size !== expected) continue;
    if (r.crc64 || !crc) kept.push({ partNumber: r.partNumber, etag: r.etag, crc64: r.crc64, size: r.size });
  }
  return kept;
}
