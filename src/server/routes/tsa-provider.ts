/**
 * The server's time-stamping authority (issue 29 item 2): production's configured TSA (config.ts
 * TSA_URL, TSA_CERT_FILE); in the demo, the TSA sandbox of this same server, reached over HTTP on
 * the address the server listens on and trusted by its own certificate (sandbox_tsa_keys); else none.
 */
import type { FastifyInstance } from 'fastify';
import { tsaClient, type TsaConfig } from '../adapters/tsa';
import type { TimestampService } from '../domain/employment/sign-evidence';
import { selfOrigin } from '../http/self-origin';
import { sandboxTsaIdentity, TSA_SANDBOX_PATH } from '../sandbox/tsa';

/** What the signing step and the evidence pages need of a TSA (domain/employment/sign-evidence.ts). */
export type ServerTsa = TimestampService;

export function serverTsa(app: FastifyInstance, opts: { tsa?: TsaConfig | null; sandbox?: boolean }): ServerTsa | null {
  if (opts.tsa) {
    const client = tsaClient(opts.tsa);
    const pem = opts.tsa.trustedPem;
    return { stamp: (sha256) => client.stamp(sha256), trustedPem: async () => pem };
  }
  if (!opts.sandbox) return null;
  const trustedPem = async () => (await sandboxTsaIdentity(app)).certPem;
  // the address is known once the server listens, the certificate once made: both at each call
  return { stamp: async (sha256) => tsaClient({ url: selfOrigin(app) + TSA_SANDBOX_PATH, trustedPem: await trustedPem() }).stamp(sha256), trustedPem };
}
