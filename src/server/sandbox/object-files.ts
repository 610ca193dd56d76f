import { createReadStream, promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';

/**
 * How the OSS sandbox keeps an object's bytes on disk. A PutObject is one file. A multipart
 * object is a directory: UploadPart writes each part into the upload's directory as it arrives
 * (one file per part number and content, `<n>.<MD5>`), and CompleteMultipartUpload composes the
 * object by writing a manifest that lists the chosen parts in order — no copy (a real store
 * composes without a second write; the copy had been half the sandbox's disk traffic) and no move
 * either: a file that never moves cannot be lost by a crash between two moves, so a Complete cut
 * off anywhere is simply done again (docs/decisions.md, "OSS sandbox: crash-safe Complete").
 * `oss_objects.file_path` holds either; readers go through here and never see the difference.
 * Directories of session 8 (parts moved in as `1`, `2`, … with the same manifest) read the same.
 */

export const MANIFEST = 'manifest.json';

interface Manifest {
  /** part files, in the object's order, relative to the object's directory */
  parts: { file: string; size: number }[];
}

/** An object's piece: a file and its size. */
export interface Piece {
  path: string;
  size: number;
}

/**
 * Composes the object in `dir` from its files `parts` (names in `dir`, in order, each with its
 * size): writes the manifest, atomically (a temporary file, synced, renamed over), so a crash
 * leaves the old manifest or the new one, never half of one. Idempotent: the same parts again
 * write the same manifest.
 */
export async function composeObject(dir: string, parts: { file: string; size: number }[]): Promise<void> {
  const manifest: Manifest = { parts: parts.map((p) => ({ file: p.file, size: p.size })) };
  const tmp = join(dir, `${MANIFEST}.tmp`);
  const out = await fsp.open(tmp, 'w');
  try {
    await out.writeFile(JSON.stringify(manifest));
    await out.sync();
  } finally {
    await out.close();
  }
  await fsp.rename(tmp, join(dir, MANIFEST));
}

/** The object's pieces, in order: one file, or the composed parts. Throws when its bytes are gone. */
export async function objectPieces(path: string): Promise<Piece[]> {
  const st = await fsp.stat(path);
  if (!st.isDirectory()) return [{ path, size: st.size }];
  const m = JSON.parse(await fsp.readFile(join(path, MANIFEST), 'utf8')) as Manifest;
  return m.parts.map((p) => ({ path: join(path, p.file), size: p.size }));
}

/**
 * Bytes `start`..`end` (inclusive) of the object, streamed across its pieces; `pieces` when the
 * caller has them already (GetObject looks them up before it answers, so a missing object is an
 * error answer, not a cut-off body).
 */
export function objectRange(path: string, start: number, end: number, pieces?: Piece[]): Readable {
  async function* read() {
    let at = 0;
    for (const p of pieces ?? (await objectPieces(path))) {
      const from = Math.max(start, at);
      const to = Math.min(end, at + p.size - 1);
      if (from <= to) yield* createReadStream(p.path, { start: from - at, end: to - at, highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>;
      at += p.size;
      if (at > end) return;
    }
  }
  return Readable.from(read(), { objectMode: false });
}

/** The object's first `length` bytes (fewer when it is shorter); null when its bytes are gone. */
export async function objectHead(path: string, length: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let got = 0;
  try {
    for await (const c of objectRange(path, 0, length - 1) as AsyncIterable<Buffer>) {
      chunks.push(c);
      got += c.length;
    }
  } catch {
    return null;
  }
  return Buffer.concat(chunks, got);
}

/**
 * Removes what a composed object's directory holds beyond its manifest and the parts it lists:
 * parts sent again with other bytes, parts the Complete left out, temporaries of bodies that
 * never arrived. Nothing without a manifest (an upload in progress); a missing directory is fine.
 */
export async function removeStrays(dir: string): Promise<void> {
  let listed: Set<string>;
  try {
    const m = JSON.parse(await fsp.readFile(join(dir, MANIFEST), 'utf8')) as Manifest;
    listed = new Set([MANIFEST, ...m.parts.map((p) => p.file)]);
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return;
    throw e;
  }
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => !listed.has(n)).map((n) => fsp.rm(join(dir, n), { force: true })));
}

/** Removes an object's bytes, either layout; a missing path is fine. */
export async function removeObject(path: string): Promise<void> {
  await fsp.rm(path, { recursive: true, force: true });
}
