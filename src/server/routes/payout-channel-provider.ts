/**
 * The server's payout channel (issue 29, "the batch pays"; adapters/payout-channel.ts):
 * production's PAYOUT_CHANNEL_URL (config.ts), its results called back to PUBLIC_ORIGIN; in the
 * demo, the channel sandbox of this same server (sandbox/payout-channel.ts), reached over HTTP on
 * the address the server listens on and checked by the sandbox's verifier like any other caller;
 * else none (确认发放 is then refused: nothing is debited for a batch that cannot be sent).
 * 确认发放 (without a queue) and the payout jobs (main.ts) use the same one.
 */
import type { FastifyInstance } from 'fastify';
import { payoutChannelClient, type PayoutChannelClient } from '../adapters/payout-channel';
import { selfOrigin } from '../http/self-origin';
import { serverKeys } from '../lib/keys';
import { PAYOUT_CHANNEL_SANDBOX_PATH } from '../sandbox/payout-channel';

export const PAYOUT_NOTIFY_PATH = '/ent/v3/payout/notify';

export function serverPayoutChannel(
  app: FastifyInstance,
  opts: { url?: string | null; sandbox?: boolean; publicOrigin?: string | null; timeoutMs?: number },
): PayoutChannelClient | null {
  if (!opts.url && !opts.sandbox) return null;
  // the addresses are known once the server listens: resolved at each call
  const client = () =>
    payoutChannelClient(
      {
        url: opts.url || selfOrigin(app) + PAYOUT_CHANNEL_SANDBOX_PATH,
        key: serverKeys().payoutChannel,
        notifyUrl: (opts.publicOrigin ?? selfOrigin(app)) + PAYOUT_NOTIFY_PATH,
      },
      { now: () => app.now(), timeoutMs: opts.timeoutMs },
    );
  return { submit: (orders) => client().submit(orders), queryOrder: (no) => client().queryOrder(no) };
}
