/**
 * The bytes of a registered upload, for the steps that check or copy them (the licence image, an
 * agreement PDF) and their links: the demo's store keeps its objects on this machine
 * (`oss_objects`); production's is the real bucket, read through GetObject URLs signed with the
 * account's key (adapters/oss-url.ts), a Range GET for the leading bytes and the size.
 * uploadRoutes installs the signer of each server (the demo's: the sandbox account's key); a server
 * is only the key of its signer here (the Fastify instance, two of them in one test process).
 */
import { objectHead } from '../../sandbox/object-files';
import type { Db } from '../../db/types';
import { signedObjectUrl, type OssSigner } from '../../adapters/oss-url';
import { addSeconds } from '../../lib/time';

const signers = new WeakMap<object, OssSigner>();
export const setMediaSigner = (server: object, s: OssSigner | null) => (s ? signers.set(server, s) : signers.delete(server));
export const mediaSigner = (server: object) => signers.get(server) ?? null;

/** A GetObject link signed with `s` (relative in the demo), or null without a signer or an object. */
export const signedLink = (s: OssSigner | null, bucket: string, key: string, expires: Date): string | null =>
  s && key ? signedObjectUrl(s, bucket, key, expires) : null;

/** A signed GetObject link of the server's signer for the console. */
export const objectLink = (server: object, bucket: string, key: string, expires: Date): string | null => signedLink(mediaSigner(server), bucket, key, expires);

export interface ObjectRead {
  size: number;
  /** the first `bytes` bytes asked for (fewer when the object is shorter) */
  head: Buffer;
}

/** The object's size and its first `bytes` bytes (0: the size only); null when it is not stored. */
export async function readObject(server: object, db: Db, bucket: string, key: string, bytes: number): Promise<ObjectRead | null> {
  if (!key) return null;
  const s = mediaSigner(server);
  // production (a store at an endpoint) has no store of its own: `oss_objects` is the sandbox's
  const local = s?.ossEndpoint
    ? undefined
    : await db.one<{ size: string | number; file_path: string }>('SELECT size, file_path FROM oss_objects WHERE bucket = $1 AND object_key = $2', [
        bucket,
        key,
      ]);
  if (local) {
    const size = Number(local.size);
    if (bytes <= 0 || size === 0) return { size, head: Buffer.alloc(0) };
    const head = await objectHead(local.file_path, Math.min(bytes, size));
    return head && { size, head };
  }
  if (!s?.ossEndpoint) return null;
  const url = signedObjectUrl(s, bucket, key, addSeconds(new Date(), 120));
  // a Range GET (the signature is the GET's): the size comes back in Content-Range
  const res = await fetch(url, { headers: { range: `bytes=0-${Math.max(bytes, 1) - 1}` }, signal: AbortSignal.timeout(30_000) }).catch(() => null);
  if (!res || (res.status !== 200 && res.status !== 206)) return null;
  const total = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1] ?? res.headers.get('content-length') ?? '';
  const head = Buffer.from(await res.arrayBuffer()).subarray(0, Math.max(bytes, 0));
  return { size: /^\d+$/.test(total) ? Number(total) : head.length, head };
}

/** The server's objects as the domain reads them (domain/employment/media.ts ObjectStore): links and bytes. */
export const serverStore = (server: object) => ({
  link: (bucket: string, key: string, expires: Date) => objectLink(server, bucket, key, expires),
  read: (db: Db, bucket: string, key: string, bytes: number) => readObject(server, db, bucket, key, bytes),
});
