/**
 * The monthly cap per person (issue 13): what one worker may be paid in a calendar month (China
 * time) across the company's live batches. Checked when a batch is made or its amounts change, and
 * again at 确认发放 (another batch may have been paid since).
 */
import type { Db } from '../../db/types';
import { badRequest, type Refusal } from '../../lib/refusal';
import { fmtDate } from '../../lib/time';
import { yuanText as yuan } from '../../../contract/money';

/** The calendar month (China time) of `now`: [start, end). */
export function monthOf(now: Date): [Date, Date] {
  const [y, m] = fmtDate(now).split('-').map(Number) as [number, number];
  const start = new Date(`${y}-${String(m).padStart(2, '0')}-01T00:00:00+08:00`);
  const ny = m === 12 ? y + 1 : y;
  const nm = m === 12 ? 1 : m + 1;
  return [start, new Date(`${ny}-${String(nm).padStart(2, '0')}-01T00:00:00+08:00`)];
}

/** What each of `workerIds` has this calendar month in live batches other than `batchId` (fen). */
export async function monthSums(db: Db, companyId: number, workerIds: number[], now: Date, batchId = 0): Promise<Map<number, number>> {
  if (!workerIds.length) return new Map();
  const [start, end] = monthOf(now);
  const sums = await db.query<{ worker_id: number; s: string }>(
    `SELECT r.worker_id, SUM(r.amount)::text AS s FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id AND b.company_id = r.company_id
      WHERE r.company_id = $1 AND r.worker_id = ANY($2::int[]) AND r.batch_id <> $3 AND b.status <> 'closed'
        AND r.status IN ('pending', 'paying', 'success') AND r.created_at >= $4 AND r.created_at < $5
      GROUP BY r.worker_id`,
    [companyId, workerIds, batchId, start, end],
  );
  return new Map(sums.map((x) => [x.worker_id, Number(x.s)]));
}
export const capMessage = (name: string, cap: number, had: number) => `${name}本月发放金额将超过每人每月上限${yuan(cap)}（本月已发${yuan(had)}）`;

/**
 * Refuses when a person's payouts this month (other live batches + this one) pass the cap. One
 * set-based query for the whole list (a 5000-row batch is one round trip, not 5000).
 */
export async function checkMonthlyCap(
  db: Db,
  companyId: number,
  rows: { worker_id: number; name: string; amount: number }[],
  cap: number,
  now: Date,
  batchId = 0,
) {
  const mine = new Map<number, { name: string; amount: number }>();
  for (const r of rows) {
    const m = mine.get(r.worker_id);
    mine.set(r.worker_id, { name: r.name, amount: (m?.amount ?? 0) + r.amount });
  }
  const before = await monthSums(db, companyId, [...mine.keys()], now, batchId);
  for (const [id, m] of mine) {
    const had = before.get(id) ?? 0;
    if (had + m.amount > cap) throw badRequest(capMessage(m.name, cap, had));
  }
}

/** The monthly cap at confirm, all in SQL (a 5000-row batch never travels to the server): the first person over it, as an error. */
export async function batchOverCap(db: Db, companyId: number, batchId: number, cap: number, now: Date): Promise<Refusal | null> {
  const [start, end] = monthOf(now);
  const over = await db.one<{ name: string; had: string }>(
    `WITH mine AS (SELECT worker_id, MIN(name) AS name, SUM(amount) AS amount FROM payout_rows WHERE batch_id = $2 GROUP BY worker_id),
          other AS (SELECT r.worker_id, SUM(r.amount) AS amount FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id AND b.company_id = r.company_id
                     WHERE r.company_id = $1 AND r.worker_id IN (SELECT worker_id FROM mine) AND r.batch_id <> $2 AND b.status <> 'closed'
                       AND r.status IN ('pending', 'paying', 'success') AND r.created_at >= $3 AND r.created_at < $4 GROUP BY r.worker_id)
     SELECT m.name, COALESCE(o.amount, 0)::text AS had FROM mine m LEFT JOIN other o ON o.worker_id = m.worker_id
      WHERE COALESCE(o.amount, 0) + m.amount > $5 LIMIT 1`,
    [companyId, batchId, start, end, cap],
  );
  return over ? badRequest(capMessage(over.name, cap, Number(over.had))) : null;
}
