/**
 * How a checkpoint is stored: its finished parts packed into one string (JSON of
 * `[n, size, offset, etag, crc64]` per part) instead of an array of objects. The
 * checkpoint is written after every part or burst of parts, and IndexedDB clones the value on
 * every put: cloning an array of 1,000 objects a thousand times was the engine's largest cost per
 * part (~0.9 ms of CPU per MB at 1 MB parts, more than its CRC64), a string clones as one copy.
 * Records written before (with `parts` as an array) read as they are.
 */
import type { Checkpoint, CheckpointPart } from './types';

/** A checkpoint as the stores keep it. */
export type StoredCheckpoint = Omit<Checkpoint, 'parts'> & { parts?: CheckpointPart[]; packedParts?: string };

export function packParts(parts: readonly CheckpointPart[]): string {
  return JSON.stringify(parts.map((p) => [p.partNumber, p.size, p.offset ?? null, p.etag, p.crc64]));
}

export function unpackParts(packed: string): CheckpointPart[] {
  return (JSON.parse(packed) as [number, number, number | null, string, string][]).map(([partNumber, size, offset, etag, crc64]) => {
    const part: CheckpointPart = { partNumber, size, etag, crc64 };
    if (offset !== null) part.offset = offset;
    return part;
  });
}

/** The record to store: a fresh object sharing nothing mutable with `cp`. */
export function packCheckpoint(cp: Checkpoint): StoredCheckpoint {
  const { parts, ...rest } = cp;
  return { ...rest, address: { ...cp.address }, inFlight: cp.inFlight?.map((j) => ({ ...j })), packedParts: packParts(parts) };
}

/** The checkpoint of a stored record (either form): a fresh object. */
export function unpackCheckpoint(v: StoredCheckpoint): Checkpoint {
  const { packedParts, parts, ...rest } = v;
  const cp: Checkpoint = {
    ...rest,
    address: { ...v.address },
    parts: packedParts !== undefined ? unpackParts(packedParts) : (parts ?? []).map((p) => ({ ...p })),
  };
  if (v.inFlight) cp.inFlight = v.inFlight.map((j) => ({ ...j }));
  else delete cp.inFlight;
  return cp;
}
