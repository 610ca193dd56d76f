import { useEffect, useState } from 'react';
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { PrintRegular } from '@fluentui/react-icons';
import type { z } from 'zod';
import type { ReceiptData } from '../../../../contract/payouts';
import { yuanText } from '../../../../contract/money';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { EmptyState, usePrintPageStyles } from '../../../shared/ui';
import { loadReceipt } from '../api';
import { rmbUpper } from '../lib/rmb';

const useStyles = makeStyles({
  paper: {
    position: 'relative',
    maxWidth: '180mm',
    margin: `0 auto ${tokens.spacingVerticalL}`,
    padding: '10mm 12mm',
    backgroundColor: '#fff',
    color: '#000',
    boxShadow: tokens.shadow8,
    boxSizing: 'border-box',
    fontSize: '13px',
    '@media print': { boxShadow: 'none', margin: 0, breakInside: 'avoid', pageBreakAfter: 'always' },
  },
  title: { textAlign: 'center', fontSize: '20px', fontWeight: 700, letterSpacing: '0.3em', margin: '0 0 4mm' },
  meta: { display: 'flex', justifyContent: 'space-between', marginBottom: '2mm' },
  grid: {
    width: '100%',
    borderCollapse: 'collapse',
    '& th, & td': { border: '1px solid #333', padding: '2mm 3mm', textAlign: 'left', verticalAlign: 'top' },
    '& th': { width: '22%', fontWeight: 400, backgroundColor: '#f3f3f3', whiteSpace: 'nowrap' },
  },
  stamp: {
    position: 'absolute',
    right: '16mm',
    bottom: '14mm',
    width: '34mm',
    height: '34mm',
    borderRadius: '50%',
    border: '2px solid #d00',
    color: '#d00',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    textAlign: 'center',
    fontSize: '11px',
    fontWeight: 700,
    transform: 'rotate(-12deg)',
    opacity: 0.85,
  },
  foot: { marginTop: '3mm', color: '#555', fontSize: '11px' },
});

/** A4 page CSS: only the receipts print, one to a page. */
const PAGE_CSS = `@page { size: A4; margin: 15mm; }
@media print {
  html, body { background: transparent !important; }
  body * { visibility: hidden; }
  [data-print-root], [data-print-root] * { visibility: visible; }
  [data-print-root] { position: absolute; left: 0; top: 0; width: 100%; }
}`;

type Data = z.infer<typeof ReceiptData>;

/** /special/receipt/{batch}/{row}: 电子回单 of one paid row, or of every paid row of the batch (row 0). */
export function ReceiptPrint({ batchId, rowId }: { batchId: number; rowId: number }) {
  const s = { ...usePrintPageStyles(), ...useStyles() };
  const m = tPay.receipt;
  const [data, setData] = useState<Data | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    loadReceipt(batchId, rowId).then(setData, () => setFailed(true));
  }, [batchId, rowId]);
  return (
    <div className={s.root} data-print-root>
      <style>{PAGE_CSS}</style>
      {failed ? (
        <EmptyState text={m.invalid} />
      ) : !data ? (
        <Spinner />
      ) : (
        <>
          <div className={s.bar}>
            <Button onClick={() => history.back()}>{m.back}</Button>
            <Button appearance="primary" icon={<PrintRegular />} onClick={() => window.print()} data-testid="print-button">
              {m.print}
            </Button>
            <Text className={s.hint}>
              {m.total(data.list.length, yuanText(data.total_net))} · {m.hint}
            </Text>
          </div>
          {data.list.map((r) => {
            const rows: [string, string][] = [
              [m.payer, data.payer.account_name],
              [m.payerAccount, data.payer.account_no],
              [m.payerBank, data.payer.bank_name],
              [m.onBehalf, data.company_name],
              [m.payee, r.name],
              [m.certNo, r.cert_no],
              [m.method, m.methods[r.pay_method]],
              [m.account, r.account || '—'],
              ...(r.bank_name ? ([[m.bank, r.bank_name]] as [string, string][]) : []),
              [m.amount, yuanText(r.amount)],
              [m.tax, yuanText(r.tax)],
              [m.netNum, yuanText(r.net)],
              [m.net, rmbUpper(r.net)],
              [m.purpose, m.purposeText],
              [m.batchNo, data.batch_no],
              ...(data.task_name ? ([[m.task, data.task_name]] as [string, string][]) : []),
              [m.channelNo, r.channel_no],
              [m.time, r.finished_at],
              [m.status, m.success],
              ...(r.remark ? ([[m.remark, r.remark]] as [string, string][]) : []),
            ];
            return (
              <article key={r.row_id} className={s.paper} data-testid="receipt" data-row={r.row_id}>
                <h1 className={s.title}>{m.title}</h1>
                <div className={s.meta}>
                  <span>
                    {m.no}：<span data-testid="receipt-no">{r.receipt_no}</span>
                  </span>
                  <span>{m.printedAt(data.printed_at)}</span>
                </div>
                <table className={s.grid}>
                  <tbody>
                    {rows.map(([k, v]) => (
                      <tr key={k}>
                        <th scope="row">{k}</th>
                        <td>{v}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <div className={s.stamp} aria-hidden>
                  {data.payer.account_name.replace(/（.*）/, '')}
                  <br />
                  {m.stamp}
                </div>
                <p className={s.foot}>{m.foot}</p>
              </article>
            );
          })}
        </>
      )}
    </div>
  );
}
