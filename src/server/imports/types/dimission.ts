/** `dimission` rows → departure_records (source 'import', import_batch_id set). */
import { dimissionImport, type DimissionRow } from '../../../contract/imports';
import { blindIndex, sealPii } from '../../lib/pii';
import type { ServerImportType } from '../server-type';
import { insertMany, type Col } from './insert';

const COLS: readonly Col[] = [
  ['company_id', 'int'],
  ['source', 'text'],
  ['import_batch_id', 'int'],
  ['name', 'text'],
  ['id_card_enc', 'text'],
  ['id_card_bidx', 'text'],
  ['id_card_mask', 'text'],
  ['mobile_enc', 'text'],
  ['mobile_bidx', 'text'],
  ['mobile_mask', 'text'],
  ['dept_name', 'text'],
  ['job_name', 'text'],
  ['entry_date', 'date'],
  ['leave_date', 'date'],
  ['contract_start', 'date'],
  ['contract_end', 'date'],
  ['contract_open_ended', 'bool'],
  ['leave_type', 'text'],
  ['created_by', 'int'],
];

export const dimissionServer: ServerImportType<DimissionRow> = {
  def: dimissionImport,
  async existing(db, companyId, rows) {
    const byIdx = new Map(rows.map((r) => [blindIndex('id_card', r.id_card), r.id_card]));
    const found = await db.query<{ bidx: string; leave_date: string }>(
      `SELECT id_card_bidx AS bidx, to_char(leave_date, 'YYYY-MM-DD') AS leave_date FROM departure_records
        WHERE company_id = $1 AND id_card_bidx = ANY($2::text[])`,
      [companyId, [...byIdx.keys()]],
    );
    return new Set(found.map((f) => `${byIdx.get(f.bidx)}|${f.leave_date}`));
  },
  async commit(tx, companyId, batchId, rows, userId) {
    return insertMany(
      tx,
      'departure_records',
      COLS,
      rows.map((r) => {
        const id = sealPii('id_card', r.id_card);
        const m = r.mobile ? sealPii('mobile', r.mobile) : null;
        return [
          companyId,
          'import',
          batchId,
          r.name,
          id.enc,
          id.bidx,
          id.mask,
          m?.enc ?? null,
          m?.bidx ?? null,
          m?.mask ?? '',
          r.dept_name,
          r.job_name,
          r.entry_date,
          r.leave_date,
          r.contract_start,
          r.contract_end,
          r.contract_open_ended,
          r.leave_type,
          userId,
        ];
      }),
    );
  },
};
