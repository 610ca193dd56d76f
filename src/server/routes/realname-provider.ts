/**
 * The server's real-name provider (issue 29 item 3): production's configured e签宝 application
 * (config.ts ESIGN_*); in the demo, the e签宝 sandbox of this same server, reached over HTTP on
 * the address the server listens on and checked by the sandbox's verifier like any other caller;
 * else none (the 实名认证 step then refuses, saying the service is not set up).
 */
import type { FastifyInstance } from 'fastify';
import { esignClient, type EsignConfig } from '../adapters/esign';
import type { RealnameProvider } from '../domain/employment/realname';
import { selfOrigin } from '../http/self-origin';
import { ESIGN_SANDBOX_PREFIX, SANDBOX_ESIGN_KEY } from '../sandbox/esign';

export function serverRealname(app: FastifyInstance, opts: { esign?: EsignConfig | null; telecom3?: boolean; sandbox?: boolean }): RealnameProvider | null {
  const telecom3 = opts.telecom3 ?? false;
  const now = () => app.now();
  if (opts.esign) return { client: esignClient(opts.esign, { now }), telecom3 };
  if (!opts.sandbox) return null;
  // the endpoint is known once the server listens: resolved at each call
  const client = esignClient(
    { endpoint: '', ...SANDBOX_ESIGN_KEY },
    { now, fetch: (path, init) => fetch(selfOrigin(app) + ESIGN_SANDBOX_PREFIX + path, init) },
  );
  return { client, telecom3 };
}
