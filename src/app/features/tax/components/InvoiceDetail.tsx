import { useEffect, useState, type ReactNode } from 'react';
import { Badge, Button, Link, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import type { DataOf } from '../../../../contract';
import { formatVerifyCode } from '../../../../contract/dimission-rules';
import { PROOF_TYPES, RECEIVE_WAYS, TAX_VERIFY_PATH, periodText } from '../../../../contract/tax-rules';
import { tTax } from '../../../shared/i18n/zh-CN.tax';
import { yuanText } from '../../../../contract/money';
import { EmptyState } from '../../../shared/ui';
import { downloadFile, loadInvoice } from '../api';
import { saveFile } from '../lib/file';
import { Fields } from './Fields';
import { RowsTable } from './RowsTable';
import { TaxBadge } from './StatusBadge';
import { useTaxStyles } from './styles';
import { useTaxAccess } from './useTaxAccess';

/** /payTaxes/detail/{id}/{number} 发票详情: every field of the issued invoice, the proof, the downloads. */
export function InvoiceDetail({ id, number }: { id: number; number: string }) {
  const s = useTaxStyles();
  const d = tTax.detail;
  const f = d.fields;
  const allowed = useTaxAccess();
  const [, navigate] = useLocation();
  const [data, setData] = useState<DataOf<'taxInvoice'> | 'missing' | null>(null);
  useEffect(() => {
    if (!allowed) return;
    let live = true;
    loadInvoice(id, number).then(
      (x) => live && setData(x),
      () => live && setData('missing'),
    );
    return () => {
      live = false;
    };
  }, [allowed, id, number]);

  if (allowed === null) return null;
  if (!allowed)
    return (
      <section className={s.panel}>
        <EmptyState text={tTax.title} description={tTax.gateHint} />
      </section>
    );
  if (data === null)
    return (
      <div className={s.center}>
        <Spinner />
      </div>
    );
  if (data === 'missing')
    return (
      <section className={s.panel}>
        <EmptyState text={tTax.list.empty} />
      </section>
    );

  const inv = data.invoice;
  const get = (kind: 'proof' | 'invoice') => void downloadFile(id, kind).then(saveFile, () => {});
  const dash = (v: string) => v || d.none;
  // a paper invoice is mailed: there is no electronic file to offer
  const paper = inv?.medium === 'paper';
  return (
    <div className={s.root}>
      <section className={s.panel}>
        <div className={s.head}>
          <Text as="h2" size={500} weight="semibold">
            {d.invoice}
          </Text>
          {inv && (
            <Badge appearance="tint" color={inv.status === 'issued' ? 'success' : 'warning'} data-testid="tax-invoice-status">
              {d.invoiceStatus[inv.status]}
            </Badge>
          )}
        </div>
        {inv ? (
          <Fields
            testId="tax-invoice"
            items={[
              [f.invoiceType, `${d.types[inv.invoice_type]}（${d.media[inv.medium]}）`],
              [f.title, inv.company_name],
              [f.taxNo, inv.creditcode],
              [f.addrPhone, dash(`${inv.address} ${inv.phone}`.trim())],
              [f.bank, dash(`${inv.bank_name} ${inv.bank_account}`.trim())],
              [f.content, inv.content],
              [f.net, yuanText(inv.net_amount)],
              [f.rate, `${inv.rate_bp / 100}%`],
              [f.taxAmount, yuanText(inv.tax_amount)],
              [f.amount, yuanText(inv.amount)],
              [f.seller, dash([inv.seller.name, inv.seller.tax_no].filter(Boolean).join(' · '))],
              [f.invoiceNo, dash(inv.invoice_no)],
              [f.invoiceDate, dash(inv.invoice_date)],
              [f.invoiceStatus, d.invoiceStatus[inv.status]],
              [f.ship, inv.ship_name ? `${inv.ship_name} ${inv.ship_phone} ${inv.ship_address}` : d.none],
            ]}
          />
        ) : (
          <Text className={s.muted}>{d.noInvoice}</Text>
        )}
        {paper && (
          <MessageBar intent="info" data-testid="tax-paper-note">
            <MessageBarBody>{d.paperNote(`${inv.ship_name} ${inv.ship_address}`.trim())}</MessageBarBody>
          </MessageBar>
        )}
        <div className={s.footer}>
          {!paper && (
            <Button icon={<ArrowDownloadRegular />} disabled={inv?.status !== 'issued'} onClick={() => get('invoice')} data-testid="tax-dl-invoice">
              {d.downloadInvoice}
            </Button>
          )}
          <Button icon={<ArrowDownloadRegular />} disabled={data.status !== 'issued'} onClick={() => get('proof')} data-testid="tax-dl-proof">
            {d.downloadProof}
          </Button>
        </div>
      </section>
      <section className={s.panel}>
        <div className={s.head}>
          <Text as="h3" size={400} weight="semibold">
            {d.apply}
          </Text>
          <TaxBadge status={data.status} />
        </div>
        <Fields
          items={[
            [f.applyNo, data.apply_no],
            [f.period, periodText(data.period_start, data.period_end)],
            [f.people, tTax.list.people(data.head_count)],
            [f.income, yuanText(data.income)],
            [f.tax, yuanText(data.tax)],
            [f.proofType, PROOF_TYPES[data.proof_type]],
            [f.receive, data.receive === 'email' ? `${RECEIVE_WAYS.email}（${data.email}）` : RECEIVE_WAYS.download],
            [f.proofNo, data.proof_no || d.notIssued],
            [f.proofDate, dash(data.proof_date)],
            ...(data.verify_code
              ? ([
                  [
                    d.verifyCode,
                    <span key="v">
                      {formatVerifyCode(data.verify_code)}{' '}
                      <Link href={`${TAX_VERIFY_PATH}/${data.verify_code}`} target="_blank" rel="noopener" data-testid="tax-verify-link">
                        {d.verifyLink}
                      </Link>
                    </span>,
                  ],
                ] as [string, ReactNode][])
              : []),
            [f.remark, dash(data.remark)],
            ...(data.reject_reason ? ([[f.rejected, data.reject_reason]] as [string, string][]) : []),
          ]}
        />
        {data.status === 'unpaid' && (
          <div className={s.footer}>
            <Button appearance="primary" onClick={() => navigate(`/payTaxes/order/${id}`)}>
              {tTax.list.pay}
            </Button>
          </div>
        )}
      </section>
      <section className={s.panel}>
        <RowsTable rows={data.rows} />
      </section>
    </div>
  );
}
