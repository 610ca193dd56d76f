/**
 * The console's public origin, for links the server hands out (SMS, QR codes, payment pages).
 * Production configures it (PUBLIC_ORIGIN): a caller's X-Forwarded-Host must never decide where an
 * SMS link points. The demo, reached as localhost, by LAN IP or through Vite's proxy, answers the
 * origin the request came to, as before.
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_ORIGIN (no trailing slash), or null: the request's own origin */
    publicOrigin: string | null;
  }
}

type Headers = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim() || undefined;

export function requestOrigin(req: { protocol: string; headers: Headers; server?: Pick<FastifyInstance, 'publicOrigin'> }): string {
  const configured = req.server?.publicOrigin;
  if (configured) return configured;
  const host = first(req.headers['x-forwarded-host']) ?? first(req.headers.host) ?? 'localhost:8080';
  const proto = first(req.headers['x-forwarded-proto']) ?? req.protocol ?? 'http';
  return `${proto}://${host}`;
}
