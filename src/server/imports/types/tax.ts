/**
 * `tax` rows → one 批量申请 of the tax service (issue 14). Phase 1 names the rows that cannot be
 * applied for (unknown batch, not paid in that month, another month than the file's first row);
 * "existing" = a batch whose paid rows are all in live applications already. The commit makes one
 * application (待核对) of all the batches through the same function as /tax/apply.
 */
import { taxImport, type TaxImportRow } from '../../../contract/imports';
import { periodProblem } from '../../../contract/tax-rules';
import { createApplication } from '../../domain/tax/applications';
import { paidRows } from '../../domain/tax/paid-rows';
import type { Db } from '../../db/types';
import type { ServerImportType } from '../server-type';

async function batchesOf(db: Db, companyId: number, nos: string[]) {
  const found = await db.query<{ id: number; batch_no: string; paid: number; open: number }>(
    `SELECT b.id, b.batch_no,
            count(r.id) FILTER (WHERE r.status = 'success')::int AS paid,
            count(r.id) FILTER (WHERE r.status = 'success' AND NOT EXISTS
              (SELECT 1 FROM tax_application_rows x WHERE x.payout_row_id = r.id AND x.live))::int AS open
       FROM payout_batches b LEFT JOIN payout_rows r ON r.batch_id = b.id
      WHERE b.company_id = $1 AND b.batch_no = ANY($2::text[]) GROUP BY b.id`,
    [companyId, nos],
  );
  return new Map(found.map((f) => [f.batch_no, f]));
}

export const taxServer: ServerImportType<TaxImportRow> = {
  def: taxImport,
  async existing(db, companyId, rows) {
    const m = await batchesOf(
      db,
      companyId,
      rows.map((r) => r.batch_no),
    );
    return new Set([...m.values()].filter((b) => b.paid > 0 && b.open === 0).map((b) => b.batch_no));
  },
  async problems(db, companyId, rows) {
    const out = new Map<string, string>();
    const period = rows[0]!.period;
    // the same months as /tax/apply: finished ones within the look-back
    const wrong = periodProblem(period, period, new Date());
    if (wrong) return new Map(rows.map((r) => [r.batch_no, wrong]));
    const m = await batchesOf(
      db,
      companyId,
      rows.map((r) => r.batch_no),
    );
    for (const r of rows) {
      if (r.period !== period) out.set(r.batch_no, `同一文件须为同一税款所属期（第一行为 ${period}）`);
      else if (!m.has(r.batch_no)) out.set(r.batch_no, '批次不存在');
      else if (m.get(r.batch_no)!.paid === 0) out.set(r.batch_no, '该批次没有发放成功的记录');
    }
    const left = rows.filter((r) => !out.has(r.batch_no));
    if (left.length) {
      const inMonth = new Set((await paidRows(db, companyId, period, period)).map((p) => p.batch_no));
      for (const r of left) if (!inMonth.has(r.batch_no)) out.set(r.batch_no, `该批次在 ${period} 没有可申请的发放记录`);
    }
    return out;
  },
  async commit(tx, companyId, batchId, rows, userId) {
    const m = await batchesOf(
      tx,
      companyId,
      rows.map((r) => r.batch_no),
    );
    const period = rows[0]!.period;
    await createApplication(
      tx,
      companyId,
      userId,
      {
        start: period,
        end: period,
        mode: 'batches',
        ids: rows.map((r) => m.get(r.batch_no)!.id),
        proof_type: 'table',
        receive: 'download',
        email: '',
        remark: `批量导入（导入批次 ${batchId}）`,
        draft: false,
        bulk: true,
      },
      new Date(),
    );
    return rows.length;
  },
};
