/**
 * The demo e签宝's callbacks (回调通知): each event of a flow is a row of sandbox_esign_callbacks,
 * POSTed over HTTP to the flow's notifyUrl signed as e签宝 signs them (adapters/esign-flows.ts
 * notifyHeaders: hex HMAC-SHA256 of timestamp + query values + body, with the app's secret), and
 * tried again until an answer is 2xx — up to 16 attempts, waiting longer each time, as e签宝
 * does. The body keeps the event's first time (`timestamp`); the header's is each attempt's.
 * Test controls (sandbox/esign-flows.ts): hold the deliveries (they wait, queued), release them,
 * or send one event again now and see what the receiver answered (a duplicate, or out of order).
 * Scheduling runs on the wall clock: the machinery's time, not the business clock of app.now().
 */
import type { FastifyInstance } from 'fastify';
import { notifyHeaders } from '../adapters/esign-flows';
import type { Db } from '../db/types';
import { SANDBOX_ESIGN_KEY } from './esign';

const MAX_ATTEMPTS = 16;
/** seconds before attempt n+1 */
const BACKOFF_S = [1, 2, 4, 8, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 3600, 7200];

export interface Outbox {
  /** queues an event (inside the caller's transaction); `kick` after the commit sends it */
  enqueue(t: Db, flowId: string, action: string, notifyUrl: string, body: string): Promise<void>;
  kick(): void;
  /** deliveries wait while held; releasing sends what is due */
  hold(on: boolean): void;
  held(): boolean;
  /** sends a stored event of a flow again now, outside the queue: the receiver's HTTP status (0: unreachable) */
  resend(flowId: string, action: string): Promise<number | null>;
}

const outboxes = new WeakMap<FastifyInstance, Outbox>();

/** POSTs one event; the receiver's status, 0 when it could not be reached. */
async function post(app: FastifyInstance, notifyUrl: string, body: string): Promise<number> {
  try {
    const res = await fetch(notifyUrl, {
      method: 'POST',
      headers: notifyHeaders(SANDBOX_ESIGN_KEY, notifyUrl, body, app.now()),
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.status;
  } catch {
    return 0;
  }
}

/** The server's outbox; made when the sandbox is registered (its hooks must exist before the server listens). */
export function esignOutbox(app: FastifyInstance): Outbox {
  const known = outboxes.get(app);
  if (known) return known;
  let isHeld = false;
  let running = false;
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
  });
  // what a previous run of this server left undelivered goes out once it listens
  app.addHook('onListen', async () => {
    void run();
  });

  const schedule = async () => {
    if (closed || isHeld) return;
    const next = await app.db.one<{ at: Date }>('SELECT min(next_at) AS at FROM sandbox_esign_callbacks WHERE delivered_at IS NULL AND next_at IS NOT NULL');
    if (!next?.at) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void run(), Math.max(0, next.at.getTime() - Date.now()));
    timer.unref();
  };

  async function run(): Promise<void> {
    if (closed || isHeld) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const due = await app.db.query<{ id: number }>(
          'SELECT id FROM sandbox_esign_callbacks WHERE delivered_at IS NULL AND next_at <= $1 ORDER BY id LIMIT 20',
          [new Date()],
        );
        for (const { id } of due) {
          if (closed || isHeld) return;
          // claimed for a minute: another server of this database does not send it too
          const row = await app.db.one<{ notify_url: string; body: string; attempts: number }>(
            `UPDATE sandbox_esign_callbacks SET next_at = $2 WHERE id = $1 AND delivered_at IS NULL AND next_at <= $3
             RETURNING notify_url, body, attempts`,
            [id, new Date(Date.now() + 60_000), new Date()],
          );
          if (!row) continue;
          const status = await post(app, row.notify_url, row.body);
          const attempts = row.attempts + 1;
          if (status >= 200 && status < 300) {
            await app.db.query('UPDATE sandbox_esign_callbacks SET attempts = $2, last_status = $3, delivered_at = $4, next_at = NULL WHERE id = $1', [
              id,
              attempts,
              status,
              new Date(),
            ]);
          } else {
            const wait = attempts >= MAX_ATTEMPTS ? null : new Date(Date.now() + BACKOFF_S[Math.min(attempts - 1, BACKOFF_S.length - 1)]! * 1000);
            await app.db.query('UPDATE sandbox_esign_callbacks SET attempts = $2, last_status = $3, next_at = $4 WHERE id = $1', [id, attempts, status, wait]);
          }
        }
        if (due.length === 20) again = true;
      } while (again && !closed);
    } catch (err) {
      app.log.error({ err }, 'e签宝沙箱回调发送失败');
    } finally {
      running = false;
    }
    await schedule().catch(() => undefined);
  }

  const box: Outbox = {
    async enqueue(t, flowId, action, notifyUrl, body) {
      await t.query(`INSERT INTO sandbox_esign_callbacks (sign_flow_id, action, notify_url, body, next_at, created_at) VALUES ($1, $2, $3, $4, $5, $5)`, [
        flowId,
        action,
        notifyUrl,
        body,
        new Date(),
      ]);
    },
    kick: () => void run(),
    hold(on) {
      isHeld = on;
      if (!on) void run();
    },
    held: () => isHeld,
    async resend(flowId, action) {
      const row = await app.db.one<{ notify_url: string; body: string }>(
        'SELECT notify_url, body FROM sandbox_esign_callbacks WHERE sign_flow_id = $1 AND action = $2 ORDER BY id DESC LIMIT 1',
        [flowId, action],
      );
      return row ? post(app, row.notify_url, row.body) : null;
    },
  };
  outboxes.set(app, box);
  return box;
}
