/**
 * The 完税证明 as a document (issue 31): when the operator issues it, a 验真码 is drawn and the PDF
 * rendered once, sealed at rest and kept with its SHA-256 (tax_proof_files); every download hands
 * out those bytes. 验真 (public, like the departure proof's) finds the proof by its code and says
 * what the paper says of it — company, 税款所属期, amounts, serial, date — never a person, and
 * whether a file presented (its hash computed in the checker's browser) is the issued one.
 * Proofs issued before this existed get their code and file the first time they are downloaded.
 */
import type { DocumentCheckData } from '../../../contract/document-check';
import { yuanText } from '../../../contract/money';
import { PROOF_TYPES, periodText, taxVerifyUrl } from '../../../contract/tax-rules';
import type { Db } from '../../db/types';
import { newVerifyCode, sha256hex } from '../../lib/crypto';
import { decryptPii, encryptPii } from '../../lib/pii';
import { notFound } from '../../lib/refusal';
import { checkRows, type AppRow } from './applications';
import { taxProofPdf } from './proof-pdf';
import type { TaxSeller } from './seller';

export const MSG_TAX_VERIFY_UNKNOWN = '未找到该验真码对应的完税证明，请核对验真码';
const TITLE = '中华人民共和国税收完税证明';
const PDF = 'application/pdf';

/** Draws and keeps the PDF of issued application `a` (its code and serial set); once (a second call keeps the first). */
async function storeFile(t: Db, a: AppRow & { verify_code: string; proof_no: string }, origin: string, seller: TaxSeller, created: Date) {
  const co = await t.one<{ name: string; creditcode: string }>('SELECT name, creditcode FROM companies WHERE id = $1', [a.company_id]);
  const rows = await checkRows(t, a.id);
  const pdf = taxProofPdf(
    {
      title: TITLE,
      kind: `（${PROOF_TYPES[a.proof_type]}）`,
      serial: a.proof_no,
      date: a.proof_date ?? '',
      agent: seller.name,
      company: co!.name,
      creditcode: co!.creditcode,
      period: periodText(a.period_start, a.period_end),
      applyNo: a.apply_no,
      rows: rows.map((r) => ({ name: r.name, cert: r.cert_no, period: r.period, treasury: r.paid_date, income: r.income, tax: r.tax })),
      income: Number(a.income),
      tax: Number(a.tax),
      verify: { code: a.verify_code, url: taxVerifyUrl(origin, a.verify_code) },
    },
    created,
  );
  await t.query(
    `INSERT INTO tax_proof_files (company_id, application_id, pdf_enc, sha256, bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (application_id, company_id) DO NOTHING`,
    [a.company_id, a.id, encryptPii(pdf.toString('base64')), sha256hex(pdf), pdf.length, created],
  );
}

/** At issue, inside its transaction: the code and the file of application `a`, now issued as `proofNo` on `date`. */
export async function issueProofFile(t: Db, a: AppRow, proofNo: string, date: string, origin: string, seller: TaxSeller, now: Date) {
  const code = newVerifyCode();
  await t.query('UPDATE tax_applications SET verify_code = $2 WHERE id = $1', [a.id, code]);
  await storeFile(t, { ...a, proof_no: proofNo, proof_date: date, verify_code: code }, origin, seller, now);
}

/** The stored PDF of issued application `a` (one issued before issue 31 gets its code and file now, dated its issue). */
export async function taxProofFile(db: Db, a: AppRow, origin: string, seller: TaxSeller) {
  const read = () => db.one<{ pdf_enc: string }>('SELECT pdf_enc FROM tax_proof_files WHERE application_id = $1 AND company_id = $2', [a.id, a.company_id]);
  if (!(await read())) {
    await db.tx(async (t) => {
      const set = await t.one<{ verify_code: string }>(
        'UPDATE tax_applications SET verify_code = coalesce(verify_code, $2) WHERE id = $1 RETURNING verify_code',
        [a.id, newVerifyCode()],
      );
      const issued = new Date(`${a.proof_date ?? '2000-01-01'}T00:00:00+08:00`);
      await storeFile(t, { ...a, verify_code: set!.verify_code }, origin, seller, issued);
    });
  }
  const f = (await read())!;
  return { file_name: `完税证明_${a.apply_no}.pdf`, mime: PDF, content: decryptPii(f.pdf_enc) };
}

/** The public 验真 answer of a code; an unknown code and a proof not issued get the same 404. */
export async function checkTaxProof(db: Db, code: string, sha256: string | undefined): Promise<DocumentCheckData> {
  const a = await db.one<{
    company_name: string;
    proof_no: string;
    proof_date: string;
    period_start: string;
    period_end: string;
    head_count: number;
    income: string;
    tax: string;
    proof_type: 'table' | 'document';
    sha256: string | null;
  }>(
    `SELECT c.name AS company_name, a.proof_no, to_char(a.proof_date, 'YYYY-MM-DD') AS proof_date, a.period_start, a.period_end, a.head_count,
            a.income::text, a.tax::text, a.proof_type, f.sha256
       FROM tax_applications a JOIN companies c ON c.id = a.company_id
       LEFT JOIN tax_proof_files f ON f.application_id = a.id AND f.company_id = a.company_id
      WHERE a.verify_code = $1 AND a.status = 'issued'`,
    [code],
  );
  if (!a) throw notFound(MSG_TAX_VERIFY_UNKNOWN);
  return {
    status: 'issued',
    company_name: a.company_name,
    serial: a.proof_no,
    issue_date: a.proof_date,
    voided_on: null,
    items: [
      { key: 'kind', label: '证明类型', value: `${TITLE}（${PROOF_TYPES[a.proof_type]}）` },
      { key: 'period', label: '税款所属期', value: periodText(a.period_start, a.period_end) },
      { key: 'people', label: '人数', value: `${a.head_count}人` },
      { key: 'income', label: '收入额合计', value: yuanText(Number(a.income)) },
      { key: 'tax', label: '实缴税额合计', value: yuanText(Number(a.tax)) },
    ],
    file: sha256 && a.sha256 ? (sha256.toLowerCase() === a.sha256 ? 'match' : 'mismatch') : null,
  };
}
