/**
 * The keyset lists of issue 34 in the scale bench (the helper kept apart from the seeding of the
 * recruitment tables and of payout rows): `n` ledger entries, a tenth as many 操作日志 lines, flex
 * workers and departure records of one company, by SQL, and the calls that page them — page 1, a
 * deep page by offset and the same page by cursor (what 下一页 sends there).
 */
import type { Db } from '../../src/server/db';
import { listRecords } from '../../src/server/domain/dimission/records';
import { listFlexWorkers } from '../../src/server/domain/employment/people';
import { listLedger, listLogs } from '../../src/server/domain/payouts/records';
import { encodeCursor } from '../../src/server/lib/page';

export async function seedKeysetLists(db: Db, companyId: number, n: number) {
  const t0 = Date.now();
  await db.query(
    `INSERT INTO payout_ledger (company_id, type, amount, balance_after, ref_no, remark, created_at)
     SELECT $1, 'topup', 100, 100 * i, 'BENCH' || i, '对公转账', now() - make_interval(secs => i * 7) FROM generate_series(1, $2) i`,
    [companyId, n],
  );
  const batch = await db.one<{ id: number }>('SELECT id FROM payout_batches WHERE company_id = $1 ORDER BY id LIMIT 1', [companyId]);
  if (batch)
    await db.query(
      `INSERT INTO payout_logs (company_id, batch_id, action, content, operator, ip, created_at)
       SELECT $1, $2, '修改金额', '第' || i || '行', '王丽娟', '127.0.0.1', now() - make_interval(secs => i) FROM generate_series(1, $3) i`,
      [companyId, batch.id, Math.ceil(n / 10)],
    );
  await db.query(
    `INSERT INTO flex_workers (company_id, name, mobile_enc, mobile_bidx, mobile_mask, cert_no_enc, cert_no_bidx, cert_no_mask)
     SELECT $1, (ARRAY['王','李','张','刘','陈'])[1 + i % 5] || '工' || i, 'x', md5('m' || i), '138****0000', 'x', md5('bench-c' || i), '1101**********001X'
       FROM generate_series(1, $2) i`,
    [companyId, Math.ceil(n / 10)],
  );
  await db.query(
    `INSERT INTO departure_records (company_id, source, name, id_card_enc, id_card_bidx, id_card_mask, mobile_enc, mobile_bidx, mobile_mask,
       dept_name, job_name, entry_date, leave_date, leave_type, legal_basis)
     SELECT $1, 'manual', '钱' || i, 'x', md5('bench-r' || i), '1101**********001X', 'x', md5('bench-rm' || i), '138****0000', '市场部', '专员',
            date '2015-01-01', date '2026-01-01' - (i % 3000), 'resign', 'art37'
       FROM generate_series(1, $2) i`,
    [companyId, Math.ceil(n / 10)],
  );
  await db.query('ANALYZE payout_ledger, payout_logs, flex_workers, departure_records');
  return {
    keyset_lists_seeded: { ledger: n, logs: batch ? Math.ceil(n / 10) : 0, workers: Math.ceil(n / 10), records: Math.ceil(n / 10) },
    keyset_seed_ms: Date.now() - t0,
  };
}

/** The row a deep page (page `page` of `size`) starts after, as the list selects its key. */
const keyAt = (db: Db, sql: string, args: unknown[]) => db.one<{ a: string | number; b?: number }>(sql, args);

export async function keysetListCalls(db: Db, companyId: number, now: Date) {
  const deep = 500;
  const size = 20;
  const skip = (deep - 1) * size - 1;
  const led = await keyAt(
    db,
    'SELECT created_at::text AS a, id AS b FROM payout_ledger WHERE company_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1',
    [companyId, skip],
  );
  const rec = await keyAt(
    db,
    'SELECT leave_date::text AS a, id AS b FROM departure_records WHERE company_id = $1 ORDER BY leave_date DESC, id DESC OFFSET $2 LIMIT 1',
    [companyId, Math.floor(skip / 10)],
  );
  const ledger = (q: Record<string, unknown>) => () =>
    listLedger(db, companyId, { type: 'all', batch_id: 0, from: '', to: '', page: 1, page_size: size, ...q });
  const records = (q: Record<string, unknown>) => () => listRecords(db, companyId, { page: 1, page_size: size, ...q }, now);
  return {
    ledger_page_1: ledger({}),
    [`ledger_page_${deep}_offset`]: ledger({ page: deep }),
    ...(led ? { [`ledger_page_${deep}_keyset`]: ledger({ page: deep, after: encodeCursor([led.a, led.b!]) }) } : {}),
    ledger_a_month: ledger({ from: '2026-01-01', to: '2026-01-31' }),
    logs_page_1: () => listLogs(db, companyId, { task_id: 0, batch_id: 0, action: 'all', from: '', to: '', page: 1, page_size: size }),
    workers_page_1: () => listFlexWorkers(db, companyId, { keywords: '', task_id: 0, page: 1, page_size: 10 }),
    workers_name_王: () => listFlexWorkers(db, companyId, { keywords: '王', task_id: 0, page: 1, page_size: 10 }),
    records_page_1: records({}),
    ...(rec ? { records_deep_keyset: records({ page: deep / 10, after: encodeCursor([rec.a, rec.b!]) }) } : {}),
  };
}
