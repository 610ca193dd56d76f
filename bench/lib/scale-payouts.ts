/**
 * Payout rows in the scale bench (issue 34 item 5): `n` rows by SQL (generate_series) over ten
 * batches of one company — half of them in one batch, the rest in nine — each row its own worker
 * (a batch pays a worker once), statuses mixed as a paid year leaves them; then the calls that page
 * the big batch's rows: the first page, the middle page and the last page, each by cursor (what
 * 下一页 sends there) and the middle one also by offset. The ledger's figures are scale-keyset.ts's.
 */
import type { Db } from '../../src/server/db';
import { batchDetail } from '../../src/server/domain/payouts/batches';
import { encodeCursor } from '../../src/server/lib/page';

const BATCHES = 10;

export async function seedPayoutRows(db: Db, companyId: number, n: number) {
  const t0 = Date.now();
  const big = Math.ceil(n / 2);
  const workers = big;
  const w0 = (await db.one<{ id: number }>(
    `WITH made AS (
       INSERT INTO flex_workers (company_id, name, mobile_enc, mobile_bidx, mobile_mask, cert_no_enc, cert_no_bidx, cert_no_mask)
       SELECT $1, (ARRAY['王','李','张','刘','陈'])[1 + i % 5] || '付' || i, 'x', md5('pm' || i), '138****0000', 'x', md5('bench-pc' || i), '1101**********001X'
         FROM generate_series(1, $2) i RETURNING id)
     SELECT min(id) AS id FROM made`,
    [companyId, workers],
  ))!.id;
  const batchIds: number[] = [];
  for (let b = 0; b < BATCHES; b++)
    batchIds.push(
      (await db.one<{ id: number }>(
        `INSERT INTO payout_batches (company_id, batch_no, status, source, created_at) VALUES ($1, $2, 'partial', 'import', now() - make_interval(days => $3)) RETURNING id`,
        [companyId, `BENCHPB${Date.now()}${b}`, 30 * (BATCHES - b)],
      ))!.id,
    );
  // rows: the big batch first (rows 1..big), then the rest spread over the nine others
  const tail = n - big;
  const rest = Math.ceil(tail / (BATCHES - 1));
  // Loaded as a bulk load is: the rows' per-row triggers off, then their kept figures rebuilt in
  // one pass. With them on, each of the big batch's 100,000 rows updated the one batch row (and a
  // day's roll-up) in the same transaction, and each update walks the row's versions that the
  // transaction made before it: the load ran 11 minutes on PostgreSQL without finishing (session
  // 19; docs/decisions.md). What the bench times (a batch's row pages) reads neither.
  await db.exec('ALTER TABLE payout_rows DISABLE TRIGGER USER');
  await db.query(
    `INSERT INTO payout_rows (batch_id, company_id, worker_id, name, amount, tax, fee, net, status, channel_no, finished_at, created_at, pay_method, account_mask, bank_name)
     SELECT CASE WHEN i <= $3 THEN ($4::int[])[1] ELSE ($4::int[])[2 + (i - $3 - 1) / $5] END,
            $1, $6 + CASE WHEN i <= $3 THEN i - 1 ELSE (i - $3 - 1) % $5 END,
            '付' || i, 10000 + i % 5000, 150, 600, 9850 + i % 5000,
            (ARRAY['success','success','success','success','success','success','failed','bounced','pending','paying'])[1 + i % 10],
            'BENCHCH' || $7::text || '-' || i,
            CASE WHEN i % 10 < 8 THEN now() - make_interval(days => i % 360) END, now() - make_interval(days => i % 360),
            'bank', '6222****0000', '中国工商银行'
       FROM generate_series(1, $2) i`,
    [companyId, n, big, batchIds, rest, w0, Date.now()],
  );
  await db.exec('ALTER TABLE payout_rows ENABLE TRIGGER USER');
  await db.query('SELECT payout_batch_counts_rebuild()');
  await db.query('SELECT stats_rebuild()');
  await db.query(
    `UPDATE payout_batches b SET head_count = x.n, gross = x.gross, net = x.net, tax = x.tax, fee = x.fee
       FROM (SELECT batch_id, count(*)::int AS n, sum(amount) AS gross, sum(net) AS net, sum(tax) AS tax, sum(fee) AS fee FROM payout_rows WHERE batch_id = ANY($1::int[]) GROUP BY batch_id) x
      WHERE b.id = x.batch_id`,
    [batchIds],
  );
  // the planner's figures for what was just seeded (PGlite has no autovacuum to gather them): without
  // them flex_workers reads as ~20 rows and a row page joins its workers by a nested loop over all
  await db.query('ANALYZE payout_rows, payout_batches, flex_workers');
  return { payout_rows_seeded: { rows: n, batches: BATCHES, big_batch_rows: big, workers }, payout_seed_ms: Date.now() - t0, big_batch_id: batchIds[0]! };
}

/** The big batch's row pages: first, middle and last, by cursor (and the middle by offset). */
export async function payoutRowCalls(db: Db, companyId: number, batchId: number, viewerId: number) {
  const size = 50;
  const rows = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM payout_rows WHERE batch_id = $1', [batchId]))!.n;
  const pages = Math.ceil(rows / size);
  const mid = Math.max(2, Math.floor(pages / 2));
  // the id a page starts after (the last row of the page before it)
  const before = async (page: number) =>
    (await db.one<{ id: number }>('SELECT id FROM payout_rows WHERE batch_id = $1 ORDER BY id OFFSET $2 LIMIT 1', [batchId, (page - 1) * size - 1]))!.id;
  const midAfter = await before(mid);
  const lastAfter = await before(pages);
  const detail = (q: Record<string, unknown>) => () => batchDetail(db, batchId, companyId, viewerId, { page: 1, page_size: size, ...q });
  return {
    [`batch_rows_page_1_of_${rows}`]: detail({}),
    [`batch_rows_page_${mid}_offset`]: detail({ page: mid }),
    [`batch_rows_page_${mid}_keyset`]: detail({ page: mid, after: encodeCursor([midAfter]) }),
    [`batch_rows_page_${pages}_keyset`]: detail({ page: pages, after: encodeCursor([lastAfter]) }),
  };
}
