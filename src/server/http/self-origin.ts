import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';

/**
 * This server's own origin as seen from itself (the address it listens on; 127.0.0.1 for
 * any-address): how the demo reaches its own sandboxes over HTTP, as it would a provider.
 */
export function selfOrigin(app: FastifyInstance): string {
  const a = app.server.address() as AddressInfo | null;
  if (!a) throw new Error('server not listening');
  const host = a.address === '0.0.0.0' || a.address === '::' ? '127.0.0.1' : a.family === 'IPv6' ? `[${a.address}]` : a.address;
  return `http://${host}:${a.port}`;
}
