/**
 * The operations bench's (bench/ops.bench.ts) work on a scenario's private database, run as a
 * child process with the server's own environment (its PII_KEYS, PAYOUT_CHANNEL_KEY…), so what it
 * writes is what that server reads. Prints one JSON line.
 *   node --import tsx bench/lib/ops-prepare.ts seed              → { token, user_id, company_id }
 *   node --import tsx bench/lib/ops-prepare.ts payouts <n>       → { batch_id, company_id }
 *   node --import tsx bench/lib/ops-prepare.ts ledger <company>  → { problems }
 * `seed` writes the demo data (a company with positions, the admin 13800000001) and a token of the
 * admin made directly in the database; `payouts` writes n workers and one batch of theirs already
 * 发放中, as a confirm leaves it (the debits posted, every row paying with its channel number);
 * `ledger` is the payout ledger's own invariant check (domain/payouts/ledger.ts checkLedger).
 * The migrations and pg-boss's queues come before, from the migrate command itself.
 */
import { precalcRow, precalcTotals } from '../../src/contract/payouts-rules';
import { loadConfig } from '../../src/server/config';
import { openDb, seed } from '../../src/server/db';
import type { Db } from '../../src/server/db/types';
import { newBatchNo, newChannelNo } from '../../src/server/domain/payouts/batches';
import { checkLedger, post, settingsOf } from '../../src/server/domain/payouts/ledger';
import { issueToken } from '../../src/server/domain/sessions';
import { insertMany } from '../../src/server/imports/types/insert';
import { useServerKeys } from '../../src/server/lib/keys';
import { usePiiKeys } from '../../src/server/lib/pii';
import { benchWorkers } from './flex-workers';
import { mobileIndex } from '../../src/server/domain/users';

const ADMIN = '13800000001';

async function admin(db: Db) {
  const u = await db.one<{ id: number; company_id: number }>('SELECT id, company_id FROM users WHERE mobile_bidx = $1', [mobileIndex(ADMIN)]);
  if (!u) throw new Error(`no user ${ADMIN}: run "seed" first`);
  return u;
}

/** n flex workers and one batch of theirs in 发放中 (¥100 each), money topped up and debited as a confirm does. */
async function payingBatch(db: Db, companyId: number, n: number): Promise<number> {
  const ids = await benchWorkers(db, companyId, n, `ops${Date.now()}`);
  const s = await settingsOf(db, companyId);
  const pre = ids.map(() => precalcRow(10_000, s.fee_rate_bp, s.tax_rate_bp));
  const tot = precalcTotals(pre);
  const now = new Date();
  return db.tx(async (t) => {
    const b = (await t.one<{ id: number; batch_no: string }>(
      `INSERT INTO payout_batches (company_id, batch_no, head_count, gross, fee, tax, net, fee_rate_bp, tax_rate_bp, status, created_at, confirmed_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,'paying',$10,$10) RETURNING id, batch_no`,
      [companyId, newBatchNo(now), ids.length, tot.gross, tot.fee, tot.tax, tot.net, s.fee_rate_bp, s.tax_rate_bp, now],
    ))!;
    await insertMany(
      t,
      'payout_rows',
      [
        ['batch_id', 'int'],
        ['company_id', 'int'],
        ['worker_id', 'int'],
        ['name', 'text'],
        ['amount', 'int'],
        ['tax', 'int'],
        ['fee', 'int'],
        ['net', 'int'],
        ['channel_no', 'text'],
        ['status', 'text'],
      ],
      ids.map((w, i) => [b.id, companyId, w, `工人${i}`, pre[i]!.amount, pre[i]!.tax, pre[i]!.fee, pre[i]!.net, newChannelNo(), 'paying']),
    );
    // the money: a top-up of what the confirm debits, then its debits (domain/payouts/confirm.ts)
    await post(t, companyId, 'topup', tot.gross + tot.fee, { remark: 'ops bench' }, now);
    for (const [type, v] of [
      ['payout', tot.net],
      ['tax', tot.tax],
      ['fee', tot.fee],
    ] as const) {
      if (v > 0) await post(t, companyId, type, -v, { batch_id: b.id, ref_no: b.batch_no, remark: 'ops bench' }, now);
    }
    return b.id;
  });
}

const [mode, arg] = process.argv.slice(2);
// the server's settings as main.ts reads them: its keys seal and sign what is written here
const config = loadConfig(process.env);
useServerKeys(config.keys);
usePiiKeys(config.pii);
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: '', poolMax: 3, timeouts: { statementMs: 0, lockMs: 0, queryMs: 0 } });
try {
  let out: unknown;
  if (mode === 'seed') {
    await seed(db);
    const u = await admin(db);
    const { token } = await issueToken(db, u.id, new Date());
    out = { token, user_id: u.id, company_id: u.company_id };
  } else if (mode === 'payouts') {
    const u = await admin(db);
    out = { batch_id: await payingBatch(db, u.company_id, Number(arg)), company_id: u.company_id };
  } else if (mode === 'ledger') {
    out = { problems: await checkLedger(db, Number(arg)) };
  } else throw new Error(`unknown mode ${mode}`);
  console.log(JSON.stringify(out));
} finally {
  await db.close();
}
