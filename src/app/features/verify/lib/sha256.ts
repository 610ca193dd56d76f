/**
 * A file's SHA-256 in the browser with hash-wasm (the upload worker's hasher): crypto.subtle exists
 * only in secure contexts, and the console is also opened on plain-http LAN addresses. Read in
 * slices, so a large PDF is never held whole. Loaded on demand (the page's first paint does not
 * carry the wasm).
 */
import { createSHA256 } from 'hash-wasm';

const SLICE = 4 * 1024 * 1024;

export async function sha256File(file: Blob, onProgress?: (done: number, total: number) => void): Promise<string> {
  const h = await createSHA256();
  h.init();
  for (let at = 0; at < file.size; at += SLICE) {
    const part = new Uint8Array(await file.slice(at, at + SLICE).arrayBuffer());
    h.update(part);
    onProgress?.(Math.min(file.size, at + SLICE), file.size);
  }
  return h.digest('hex');
}
