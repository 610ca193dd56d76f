/**
 * The server's e签宝 signing flows (issue 29 item 2), chosen by configuration: production's
 * configured e签宝 application (config.ts ESIGN_*), its callbacks to PUBLIC_ORIGIN/notify/esign
 * and the phone back to PUBLIC_ORIGIN; in the demo, the e签宝 sandbox of this same server, reached
 * over HTTP on the address the server listens on like any provider, its callbacks back to that
 * address, and its signing page opened by the phone on the origin the phone used (the sandbox
 * answers links on the address it was called at). Off (ESIGN_SIGN_FLOWS=0), or neither: null,
 * and signatures are made in-house (domain/employment/sign-evidence.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { EsignConfig } from '../adapters/esign';
import { esignFlowClient } from '../adapters/esign-flows';
import type { SignFlowProvider } from '../domain/employment/sign-flow';
import { selfOrigin } from '../http/self-origin';
import { ESIGN_SANDBOX_PREFIX, SANDBOX_ESIGN_KEY } from '../sandbox/esign';

export const ESIGN_NOTIFY_PATH = '/notify/esign';

export function serverSignFlows(
  app: FastifyInstance,
  opts: { enabled?: boolean; esign?: EsignConfig | null; sandbox?: boolean; publicOrigin?: string | null },
): SignFlowProvider | null {
  if (opts.enabled === false) return null;
  const now = () => app.now();
  if (opts.esign) {
    // production requires PUBLIC_ORIGIN (config.ts); a server without one answers the request's
    const origin = (requestOrigin: string) => opts.publicOrigin ?? requestOrigin;
    return {
      client: esignFlowClient(opts.esign, { now }),
      key: opts.esign,
      notifyUrl: () => `${opts.publicOrigin ?? selfOrigin(app)}${ESIGN_NOTIFY_PATH}`,
      returnOrigin: origin,
      phoneUrl: (url) => url,
    };
  }
  if (!opts.sandbox) return null;
  // the address is known once the server listens: resolved at each call
  const client = esignFlowClient(
    { endpoint: '', ...SANDBOX_ESIGN_KEY },
    { now, fetch: (path, init) => fetch(selfOrigin(app) + ESIGN_SANDBOX_PREFIX + path, init) },
  );
  return {
    client,
    key: SANDBOX_ESIGN_KEY,
    notifyUrl: () => selfOrigin(app) + ESIGN_NOTIFY_PATH,
    returnOrigin: (requestOrigin) => requestOrigin,
    phoneUrl: (url, requestOrigin) => (url.startsWith(`${selfOrigin(app)}/`) ? requestOrigin + url.slice(selfOrigin(app).length) : url),
  };
}
