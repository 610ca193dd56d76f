import { createReadStream, promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';

/**
 * How the OSS sandbox keeps an object's bytes on disk. A PutObject is one file. A multipart
 * object is its parts, composed at CompleteMultipartUpload by moving them into a directory with a
 * manifest, not by copying them into one file: a real store composes without a second write, and
 * on the bench's machine the copy (1 GiB read and written again per 1 GiB upload) was half the
 * sandbox's disk traffic and what held the multipart ceiling at half of a single PUT.
 * `oss_objects.file_path` holds either; readers go through here and never see the difference.
 */

const MANIFEST = 'manifest.json';

interface Manifest {
  /** part files, in the object's order, relative to the object's directory */
  parts: { file: string; size: number }[];
}

/** Moves `parts` (in order, each with its size) into the new directory `dir` and writes its manifest. */
export async function composeObject(dir: string, parts: { path: string; size: number }[]): Promise<void> {
  await fsp.mkdir(dir, { recursive: true });
  const manifest: Manifest = { parts: [] };
  for (const [i, p] of parts.entries()) {
    const file = String(i + 1);
    await fsp.rename(p.path, join(dir, file));
    manifest.parts.push({ file, size: p.size });
  }
  // written last: a directory without a manifest is a compose that did not finish
  await fsp.writeFile(join(dir, MANIFEST), JSON.stringify(manifest));
}

/** The object's pieces, in order: one file, or the composed parts. */
async function pieces(path: string): Promise<{ path: string; size: number }[]> {
  const st = await fsp.stat(path);
  if (!st.isDirectory()) return [{ path, size: st.size }];
  const m = JSON.parse(await fsp.readFile(join(path, MANIFEST), 'utf8')) as Manifest;
  return m.parts.map((p) => ({ path: join(path, p.file), size: p.size }));
}

/** Bytes `start`..`end` (inclusive) of the object, streamed across its pieces. */
export function objectRange(path: string, start: number, end: number): Readable {
  async function* read() {
    let at = 0;
    for (const p of await pieces(path)) {
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

/** Removes an object's bytes, either layout; a missing path is fine. */
export async function removeObject(path: string): Promise<void> {
  await fsp.rm(path, { recursive: true, force: true });
}
