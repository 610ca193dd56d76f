/**
 * The two guards of every transaction (db/tx-watch.ts), on the test database (PGlite, or
 * PostgreSQL with DATABASE_URL): reaching the same database another way from inside a transaction
 * fails at once instead of waiting for itself, and a transaction idle between its queries is
 * rolled back and its connection given back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/setup/db';
import type { Db } from './types';
import { EmbeddedDeadlockError, TxIdleTimeoutError } from './tx-watch';

let db: Db;
beforeAll(async () => {
  db = await openTestDb({ empty: true });
  await db.exec('CREATE TABLE IF NOT EXISTS tx_probe (id int PRIMARY KEY, v text)');
}, 120_000);
afterAll(async () => {
  await db?.close();
});

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms))]);

describe('transactions', () => {
  it('a top-level query, script or second transaction from inside a transaction fails at once, and the transaction rolls back', async () => {
    for (const reach of [(d: Db) => d.one('SELECT 1'), (d: Db) => d.exec('SELECT 1'), (d: Db) => d.tx(async (t) => t.one('SELECT 1'))]) {
      const attempt = db.tx(async (t) => {
        await t.query("INSERT INTO tx_probe (id, v) VALUES (1, 'x')");
        // e.g. an in-process sandbox call that queries app.db
        await new Promise((r) => setTimeout(r, 5));
        await reach(db);
      });
      await expect(within(attempt, 5000)).rejects.toBeInstanceOf(EmbeddedDeadlockError);
      expect(await db.one('SELECT 1 FROM tx_probe WHERE id = 1')).toBeUndefined();
    }
    // the transaction's own handle is fine, and so is the database after the transaction
    await db.tx(async (t) => {
      await t.query("INSERT INTO tx_probe (id, v) VALUES (2, 'y')");
      await t.tx(async (inner) => inner.query("UPDATE tx_probe SET v = 'z' WHERE id = 2"));
    });
    expect(await db.one('SELECT v FROM tx_probe WHERE id = 2')).toEqual({ v: 'z' });
  });

  it('a transaction waiting on anything but its own queries past its idle limit is rolled back; the database stays usable', async () => {
    let resume: () => void = () => undefined;
    const attempt = db.tx(
      async (t) => {
        await t.query("INSERT INTO tx_probe (id, v) VALUES (3, 'x')");
        // a provider that never answers
        await new Promise<void>((r) => (resume = r));
        await t.query("INSERT INTO tx_probe (id, v) VALUES (4, 'x')");
      },
      { idleMs: 300 },
    );
    await expect(within(attempt, 5000)).rejects.toBeInstanceOf(TxIdleTimeoutError);
    // the one connection (PGlite) or the pooled one (PostgreSQL) is free again
    expect(await within(db.one<{ n: number }>('SELECT count(*)::int AS n FROM tx_probe WHERE id IN (3, 4)'), 5000)).toEqual({ n: 0 });
    // the late half of the body fails on its closed transaction instead of writing
    resume();
    await new Promise((r) => setTimeout(r, 100));
    expect(await db.one<{ n: number }>('SELECT count(*)::int AS n FROM tx_probe WHERE id IN (3, 4)')).toEqual({ n: 0 });
  });

  it('a transaction busy with its own long query is not idle', async () => {
    await db.tx(async (t) => t.query('SELECT pg_sleep(0.6)'), { idleMs: 300 });
  });
});
