/**
 * The documents the user downloads once the operator has issued them: the 完税证明 (the stored PDF,
 * proof-file.ts) and the electronic invoice (XML laid out after the 数电票's: seller, buyer, the
 * totals, the item with its rate and tax). A paper invoice has no electronic file: the download
 * says so instead of inventing one. Every figure comes from the invoice record.
 */
import { fenText } from '../../../contract/money';
import { periodText } from '../../../contract/tax-rules';
import type { Db } from '../../db/types';
import { conflict } from '../../lib/refusal';
import { ownApplication, type AppRow } from './applications';
import { invoiceOf } from './invoices';
import { taxProofFile } from './proof-file';
import type { TaxSeller } from './seller';

type Invoice = NonNullable<Awaited<ReturnType<typeof invoiceOf>>>;

export const paperInvoiceNote = (inv: Pick<Invoice, 'ship_name' | 'ship_address'>) =>
  `该发票为纸质发票，没有电子发票文件可下载；纸质发票将邮寄至 ${inv.ship_name}（${inv.ship_address}）`;

/** The company's issued 完税证明 or electronic invoice of application `id`; refuses one not yet issued, or a paper invoice. */
export async function taxFile(db: Db, companyId: number, id: number, kind: 'proof' | 'invoice', origin: string, seller: TaxSeller) {
  const a = await ownApplication(db, id, companyId);
  if (kind === 'proof') {
    if (a.status !== 'issued') throw conflict('完税证明尚未开具');
    return taxProofFile(db, a, origin, seller);
  }
  const inv = await invoiceOf(db, a.id);
  if (!inv || inv.status !== 'issued') throw conflict('发票尚未开具');
  if (inv.medium === 'paper') throw conflict(paperInvoiceNote(inv));
  return invoiceFile(a, inv, seller);
}

const x = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
const yuan = (fen: number) => fenText(fen, { grouping: false });

function invoiceFile(a: AppRow, inv: Invoice, fallback: TaxSeller) {
  // the seller as fixed on the record; an invoice made before it was recorded: the configured one
  const seller = inv.seller.name ? inv.seller : { name: fallback.name, tax_no: fallback.taxNo, address: fallback.address, bank: fallback.bank };
  const rate = `${(inv.rate_bp / 100).toFixed(inv.rate_bp % 100 ? 2 : 0)}%`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<EInvoice>
  <Header>
    <InvoiceType>${inv.invoice_type === 1 ? '电子发票（增值税专用发票）' : '电子发票（普通发票）'}</InvoiceType>
    <InvoiceNumber>${x(inv.invoice_no)}</InvoiceNumber>
    <IssueDate>${x(inv.invoice_date)}</IssueDate>
  </Header>
  <SellerInformation>
    <SellerName>${x(seller.name)}</SellerName>
    <SellerIdNum>${x(seller.tax_no)}</SellerIdNum>
    <SellerAddrTel>${x(seller.address)}</SellerAddrTel>
    <SellerBankAccount>${x(seller.bank)}</SellerBankAccount>
  </SellerInformation>
  <BuyerInformation>
    <BuyerName>${x(inv.company_name)}</BuyerName>
    <BuyerIdNum>${x(inv.creditcode)}</BuyerIdNum>
    <BuyerAddrTel>${x(`${inv.address} ${inv.phone}`.trim())}</BuyerAddrTel>
    <BuyerBankAccount>${x(`${inv.bank_name} ${inv.bank_account}`.trim())}</BuyerBankAccount>
  </BuyerInformation>
  <IssuItemInformation>
    <ItemName>${x(inv.content)}</ItemName>
    <Amount>${yuan(inv.net_amount)}</Amount>
    <TaxRate>${rate}</TaxRate>
    <ComTaxAm>${yuan(inv.tax_amount)}</ComTaxAm>
    <TotaltaxIncludedAmount>${yuan(inv.amount)}</TotaltaxIncludedAmount>
  </IssuItemInformation>
  <BasicInformation>
    <TotalAmWithoutTax>${yuan(inv.net_amount)}</TotalAmWithoutTax>
    <TotalTaxAm>${yuan(inv.tax_amount)}</TotalTaxAm>
    <TotalTaxIncludedAmount>${yuan(inv.amount)}</TotalTaxIncludedAmount>
  </BasicInformation>
  <Remark>申请编号 ${x(a.apply_no)}；税款所属期 ${x(periodText(a.period_start, a.period_end))}</Remark>
</EInvoice>
`;
  return { file_name: `发票_${inv.invoice_no}.xml`, mime: 'application/xml', content: Buffer.from(xml, 'utf8').toString('base64') };
}
