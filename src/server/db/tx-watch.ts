/**
 * Two guards every transaction runs under, on PGlite and on PostgreSQL alike (issue 25 item 1):
 *
 * 1. **No waiting on yourself.** The embedded database has one connection: while a transaction is
 *    open, every other query queues behind it. Code that, inside a transaction, reaches the same
 *    database by another way — a top-level query, an in-process call to a sandbox that queries
 *    the database, pg-boss sending on its own — waits for a transaction that waits for it: the demo
 *    locked up so (a job asked the VOD sandbox in-process while holding the connection). On
 *    PostgreSQL the same code holds one pooled connection while it takes another and can block on
 *    its own row locks. Such a call now fails at once with EmbeddedDeadlockError instead of hanging
 *    (AsyncLocalStorage follows the call through awaits, timers and app.inject).
 * 2. **No transaction waits on anything but its own queries for long.** A transaction idle for
 *    `idleMs` between its queries (waiting on a provider, a frozen handler) is rolled back and its
 *    caller gets TxIdleTimeoutError: PostgreSQL's idle_in_transaction_session_timeout, done in the
 *    process so it also bounds PGlite and a server whose database went silent.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export class EmbeddedDeadlockError extends Error {
  readonly code = 'HR_SELF_WAIT';
  constructor(what: string) {
    super(`${what} from inside an open transaction on the same database would wait for itself; run it before or after the transaction`);
  }
}

export class TxIdleTimeoutError extends Error {
  readonly code = 'HR_TX_IDLE';
  constructor(idleMs: number) {
    super(`transaction idle for over ${idleMs} ms between its queries: rolled back`);
  }
}

interface OpenTx {
  /** the database object (PGlite instance or pg pool) the transaction belongs to */
  owner: object;
  open: boolean;
}

const current = new AsyncLocalStorage<OpenTx>();

/** Throws when called inside an open transaction of `owner` (see 1 above). */
export function assertOutsideTx(owner: object, what: string): void {
  const tx = current.getStore();
  if (tx && tx.open && tx.owner === owner) throw new EmbeddedDeadlockError(what);
}

/** A transaction body's view of its activity: every query is wrapped in `busy`. */
export interface TxActivity {
  busy<T>(p: () => Promise<T>): Promise<T>;
}

/** Default idle limit of a transaction between its queries (DB_IDLE_IN_TX_TIMEOUT_MS). */
export const DEFAULT_TX_IDLE_MS = 10_000;

/**
 * Runs a transaction body marked as open on `owner`, and rejects with TxIdleTimeoutError when no
 * query of it has run for `idleMs` (the caller then rolls back or drops the connection). The body
 * may go on in the background after that; its next query fails on the closed transaction.
 */
export function watchTx<T>(owner: object, idleMs: number, body: (a: TxActivity) => Promise<T>): Promise<T> {
  const store: OpenTx = { owner, open: true };
  let running = 0;
  let last = Date.now();
  let timer: NodeJS.Timeout | null = null;
  let fail: (e: Error) => void = () => undefined;
  const idle = new Promise<never>((_, reject) => {
    fail = reject;
  });
  const arm = (ms: number) => {
    timer = setTimeout(() => {
      if (running > 0) return arm(idleMs);
      const quiet = Date.now() - last;
      if (quiet >= idleMs) return fail(new TxIdleTimeoutError(idleMs));
      arm(idleMs - quiet);
    }, ms);
    timer.unref();
  };
  const activity: TxActivity = {
    async busy(p) {
      running++;
      try {
        return await p();
      } finally {
        running--;
        last = Date.now();
      }
    },
  };
  if (idleMs > 0) arm(idleMs);
  return current
    .run(store, () => Promise.race([body(activity), idle]))
    .finally(() => {
      store.open = false;
      if (timer) clearTimeout(timer);
    });
}
