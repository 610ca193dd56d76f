/**
 * The documents the user downloads once the operator has issued them: the 完税证明 (an xlsx:
 * the proof's header and one line per person) and the electronic invoice (the XML of a 数电票).
 */
import ExcelJS from 'exceljs';
import { fenText } from '../../../contract/money';
import { PROOF_TYPES, periodText } from '../../../contract/tax-rules';
import type { Db } from '../../db/types';
import { conflict } from '../../lib/refusal';
import { checkRows, itemOf, ownApplication } from './applications';
import { invoiceOf } from './invoices';

type Item = ReturnType<typeof itemOf>;
type Rows = Awaited<ReturnType<typeof checkRows>>;
type Invoice = NonNullable<Awaited<ReturnType<typeof invoiceOf>>>;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SELLER = { name: '杭州灵活用工服务有限公司', taxNo: '91330106MA2KXXXX0T' };

/** The company's issued 完税证明 or invoice of application `id`; refuses one not yet issued. */
export async function taxFile(db: Db, companyId: number, id: number, kind: 'proof' | 'invoice') {
  const a = await ownApplication(db, id, companyId);
  if (kind === 'proof') {
    if (a.status !== 'issued') throw conflict('完税证明尚未开具');
    const co = await db.one<{ name: string; creditcode: string }>('SELECT name, creditcode FROM companies WHERE id = $1', [companyId]);
    return proofFile(itemOf(a), co!, await checkRows(db, a.id));
  }
  const inv = await invoiceOf(db, a.id);
  if (!inv || inv.status !== 'issued') throw conflict('发票尚未开具');
  return invoiceFile(itemOf(a), inv, SELLER);
}

async function proofFile(a: Item, company: { name: string; creditcode: string }, rows: Rows) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('税收完税证明');
  ws.addRow([`中华人民共和国税收完税证明（${PROOF_TYPES[a.proof_type]}）`]);
  ws.addRow(['证明编号', a.proof_no, '填发日期', a.proof_date]);
  ws.addRow(['扣缴义务人', company.name, '纳税人识别号', company.creditcode]);
  ws.addRow(['税款所属期', periodText(a.period_start, a.period_end), '申请编号', a.apply_no]);
  ws.addRow([]);
  ws.addRow(['姓名', '身份证号', '税种', '品目名称', '税款所属期', '入库日期', '收入额（元）', '实缴（退）金额（元）']);
  for (const r of rows) ws.addRow([r.name, r.cert_no, '个人所得税', '劳务报酬所得', r.period, r.paid_date, fenText(r.income), fenText(r.tax)]);
  ws.addRow(['合计', '', '', '', '', '', fenText(a.income), fenText(a.tax)]);
  ws.columns.forEach((c) => {
    c.width = 18;
  });
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  return { file_name: `完税证明_${a.apply_no}.xlsx`, mime: XLSX, content: buf.toString('base64') };
}

const x = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

function invoiceFile(a: Item, inv: Invoice, seller: { name: string; taxNo: string }) {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<EInvoice>
  <Header><InvoiceType>${inv.invoice_type === 1 ? '增值税专用发票' : '增值税普通发票'}（电子）</InvoiceType><InvoiceNumber>${x(inv.invoice_no)}</InvoiceNumber><IssueDate>${x(inv.invoice_date)}</IssueDate></Header>
  <Buyer><Name>${x(inv.company_name)}</Name><TaxNo>${x(inv.creditcode)}</TaxNo><AddressPhone>${x(`${inv.address} ${inv.phone}`.trim())}</AddressPhone><BankAccount>${x(`${inv.bank_name} ${inv.bank_account}`.trim())}</BankAccount></Buyer>
  <Seller><Name>${x(seller.name)}</Name><TaxNo>${x(seller.taxNo)}</TaxNo></Seller>
  <Items><Item><Name>${x(inv.content)}</Name><Amount>${fenText(inv.amount, { grouping: false })}</Amount></Item></Items>
  <Total>${fenText(inv.amount, { grouping: false })}</Total>
  <Remark>申请编号 ${x(a.apply_no)}；税款所属期 ${x(periodText(a.period_start, a.period_end))}</Remark>
</EInvoice>
`;
  return { file_name: `发票_${inv.invoice_no}.xml`, mime: 'application/xml', content: Buffer.from(xml, 'utf8').toString('base64') };
}
