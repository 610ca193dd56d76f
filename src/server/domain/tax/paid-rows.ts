/**
 * The paid payout rows (发放成功) an application is made of, and the applicable batches and people
 * of a period. payout_* tables are only read.
 */
import { periodProblem } from '../../../contract/tax-rules';
import type { Db } from '../../db/types';
import { badRequest } from '../../lib/refusal';

/** China-time month / date of a timestamptz column, in SQL. */
const cnMonth = (col: string) => `to_char(${col} AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM')`;
const cnDate = (col: string) => `to_char(${col} AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD')`;

export interface PaidRow {
  id: number;
  batch_id: number;
  batch_no: string;
  task_name: string;
  worker_id: number;
  name: string;
  cert_no: string;
  income: number;
  tax: number;
  fee: number;
  /** 税款所属期: the China-time month the row was paid */
  period: string;
  /** 发放日期 (kept on the application's row; its 入库日期 is the month's remittance, tax_remittances) */
  paid_date: string;
}

/** The company's paid payout rows (发放成功) of a month range not yet in a live application. */
export async function paidRows(db: Db, companyId: number, start: string, end: string): Promise<PaidRow[]> {
  const rows = await db.query<Omit<PaidRow, 'income' | 'tax' | 'fee'> & { income: string; tax: string; fee: string }>(
    `SELECT r.id, r.batch_id, b.batch_no, COALESCE(t.name, '') AS task_name, r.worker_id, r.name, w.cert_no_mask AS cert_no,
            r.amount::text AS income, r.tax::text AS tax, r.fee::text AS fee,
            ${cnMonth('r.finished_at')} AS period, ${cnDate('r.finished_at')} AS paid_date
       FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id AND b.company_id = r.company_id
       JOIN flex_workers w ON w.id = r.worker_id AND w.company_id = r.company_id
       LEFT JOIN flex_tasks t ON t.id = b.task_id AND t.company_id = b.company_id
      WHERE r.company_id = $1 AND r.status = 'success' AND r.finished_at IS NOT NULL
        AND ${cnMonth('r.finished_at')} BETWEEN $2 AND $3
        AND NOT EXISTS (SELECT 1 FROM tax_application_rows x WHERE x.payout_row_id = r.id AND x.company_id = r.company_id AND x.live)
      ORDER BY r.finished_at, r.id`,
    [companyId, start, end],
  );
  return rows.map((r) => ({ ...r, income: Number(r.income), tax: Number(r.tax), fee: Number(r.fee) }));
}

export const sumOf = (rows: PaidRow[], k: 'income' | 'tax' | 'fee') => rows.reduce((n, r) => n + r[k], 0);

/** A period the rules refuse (finished months of the look-back, at most 12) is a 400 before anything is read. */
export function checkPeriod(start: string, end: string, now: Date): void {
  const problem = periodProblem(start, end, now);
  if (problem) throw badRequest(problem);
}

/**
 * What the company may apply for in a period: its paid rows not yet applied for, by batch and by
 * person, with the invoice title (the company's invoice details, else its name).
 */
export async function eligibleOf(db: Db, company: { id: number; name: string }, start: string, end: string, now: Date) {
  checkPeriod(start, end, now);
  const rows = await paidRows(db, company.id, start, end);
  const batches = new Map<number, { id: number; batch_no: string; task_name: string; period: string; rows: PaidRow[] }>();
  const people = new Map<number, { worker_id: number; name: string; cert_no: string; rows: PaidRow[] }>();
  for (const r of rows) {
    const b = batches.get(r.batch_id) ?? { id: r.batch_id, batch_no: r.batch_no, task_name: r.task_name, period: r.period, rows: [] };
    b.rows.push(r);
    if (r.period > b.period) b.period = r.period;
    batches.set(r.batch_id, b);
    const p = people.get(r.worker_id) ?? { worker_id: r.worker_id, name: r.name, cert_no: r.cert_no, rows: [] };
    p.rows.push(r);
    people.set(r.worker_id, p);
  }
  const inv = await db.one<{ company_name: string }>('SELECT company_name FROM company_invoices WHERE company_id = $1', [company.id]);
  return {
    batches: [...batches.values()].map(({ rows: rs, ...b }) => ({
      ...b,
      head_count: new Set(rs.map((r) => r.worker_id)).size,
      income: sumOf(rs, 'income'),
      tax: sumOf(rs, 'tax'),
      invoiceable: sumOf(rs, 'income') + sumOf(rs, 'fee'),
    })),
    people: [...people.values()].map(({ rows: rs, ...p }) => ({
      ...p,
      rows: rs.length,
      income: sumOf(rs, 'income'),
      tax: sumOf(rs, 'tax'),
      invoiceable: sumOf(rs, 'income') + sumOf(rs, 'fee'),
    })),
    title: inv?.company_name ?? company.name,
  };
}
