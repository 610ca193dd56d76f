/**
 * A file's fingerprint: SHA-256 over its size, its modification time, its first 1024 bytes (the
 * SDK's hash) and 1 KiB samples spread over the rest plus its last 1 KiB, so that two files with the
 * same head do not collide. Images (small) are hashed whole. The name is left out: a renamed file
 * still resumes.
 */
import { sha256 } from 'hash-wasm';
import type { MediaKind } from './types';

const SAMPLE = 1024;
const SAMPLES = 16;
const WHOLE_IMAGE_MAX = 20 * 1024 * 1024;

async function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

export async function fingerprint(file: Blob, lastModified: number, kind: MediaKind): Promise<string> {
  const size = file.size;
  const chunks: Uint8Array[] = [new TextEncoder().encode(`${size}:${lastModified}:`)];
  if (kind === 'image' && size <= WHOLE_IMAGE_MAX) {
    chunks.push(await readBytes(file));
  } else {
    chunks.push(await readBytes(file.slice(0, SAMPLE)));
    if (size > SAMPLE) {
      const span = size - SAMPLE;
      for (let i = 1; i <= SAMPLES; i++) {
        const at = Math.floor((span * i) / (SAMPLES + 1));
        chunks.push(await readBytes(file.slice(at, Math.min(size, at + SAMPLE))));
      }
      chunks.push(await readBytes(file.slice(Math.max(0, size - SAMPLE))));
    }
  }
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const all = new Uint8Array(total);
  let off = 0;
  for (const c of chunks) {
    all.set(c, off);
    off += c.length;
  }
  // hash-wasm: crypto.subtle is missing outside secure contexts
  return `fp1-${await sha256(all)}`;
}
