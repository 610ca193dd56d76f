/**
 * `workers` rows → flex_workers. Certificate numbers are sealed as kind `id_card` (their blind
 * index and mask), whatever the certificate type; the unique key is (company, cert_type, bidx).
 */
import { workersImport, type WorkerRow } from '../../../contract/imports';
import { blindIndex, encryptPii, sealPii } from '../../lib/pii';
import { maskBankCard, maskMobile } from '../../../contract/person';
import type { ServerImportType } from '../server-type';
import { insertMany, type Col } from './insert';

const COLS: readonly Col[] = [
  ['company_id', 'int'],
  ['import_batch_id', 'int'],
  ['name', 'text'],
  ['mobile_enc', 'text'],
  ['mobile_bidx', 'text'],
  ['mobile_mask', 'text'],
  ['cert_type', 'text'],
  ['cert_no_enc', 'text'],
  ['cert_no_bidx', 'text'],
  ['cert_no_mask', 'text'],
  ['bank_card_enc', 'text'],
  ['bank_card_mask', 'text'],
  ['bank_mobile_enc', 'text'],
  ['bank_mobile_mask', 'text'],
  ['bank_name', 'text'],
  ['created_by', 'int'],
];

export const workersServer: ServerImportType<WorkerRow> = {
  def: workersImport,
  async existing(db, companyId, rows) {
    const byIdx = new Map(rows.map((r) => [blindIndex('id_card', r.cert_no), r.cert_no]));
    const found = await db.query<{ cert_type: string; bidx: string }>(
      'SELECT cert_type, cert_no_bidx AS bidx FROM flex_workers WHERE company_id = $1 AND cert_no_bidx = ANY($2::text[])',
      [companyId, [...byIdx.keys()]],
    );
    return new Set(found.map((f) => `${f.cert_type}|${byIdx.get(f.bidx)}`));
  },
  async commit(tx, companyId, batchId, rows, userId) {
    return insertMany(
      tx,
      'flex_workers',
      COLS,
      rows.map((r) => {
        const m = sealPii('mobile', r.mobile);
        const c = sealPii('id_card', r.cert_no);
        return [
          companyId,
          batchId,
          r.name,
          m.enc,
          m.bidx,
          m.mask,
          r.cert_type,
          c.enc,
          c.bidx,
          c.mask,
          r.bank_card ? encryptPii(r.bank_card) : null,
          r.bank_card ? maskBankCard(r.bank_card) : '',
          r.bank_mobile ? encryptPii(r.bank_mobile) : null,
          r.bank_mobile ? maskMobile(r.bank_mobile) : '',
          r.bank_name,
          userId,
        ];
      }),
    );
  },
};
