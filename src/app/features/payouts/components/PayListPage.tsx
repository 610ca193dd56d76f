import { useEffect, useState } from 'react';
import { Button, Dropdown, Option, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import type { LedgerData } from '../../../../contract/payouts';
import { fenText } from '../../../../contract/employment-rules';
import { LEDGER_TYPES, labelOf } from '../../../../contract/payouts-rules';
import { requireMember } from '../../../shared/dialogs/store';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { toastSuccess } from '../../../shared/lib/notify';
import { EmptyState, Pager } from '../../../shared/ui';
import { exportLedger, loadLedgerPage, type DayRange } from '../api';
import { downloadXlsx, payListHref } from '../lib/links';
import { DayRangeInputs, RecordsHead, useScope } from './RecordsHead';
import { usePayStyles } from './styles';

/** /employment/pay-list/{task}/{batch}/{type}: the account's ledger (费用记录), filters, paging, 导出. */
export function PayListPage({ taskId, batchId, type }: { taskId: number; batchId: number; type: string }) {
  const s = usePayStyles();
  const m = tPay.records;
  const [, navigate] = useLocation();
  const [allowed, setAllowed] = useState<boolean | null>(null);
  const [range, setRange] = useState<DayRange>({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const [data, setData] = useState<z.infer<typeof LedgerData> | null>(null);
  const scope = useScope(0, batchId);
  useEffect(() => setAllowed(requireMember()), []);
  useEffect(() => {
    if (!allowed) return;
    loadLedgerPage({ type, batch_id: batchId, page, ...range }).then(setData, () => undefined);
  }, [allowed, batchId, type, page, range]);
  if (allowed === false) return <EmptyState text={tPay.notMember} />;
  const options = [{ code: 'all', label: tPay.ledger.all }, ...LEDGER_TYPES];
  const doExport = async () => {
    try {
      const f = await exportLedger({ type, batch_id: batchId, ...range });
      downloadXlsx(f.filename, f.content_base64);
      toastSuccess(m.exported);
    } catch {
      /* told */
    }
  };
  return (
    <section className={s.panel} data-testid="pay-list">
      <RecordsHead title={m.payTitle} scope={batchId ? scope : { text: m.scopeAccount, taskName: scope.taskName }} taskId={taskId} />
      <div className={s.head}>
        <div className={s.actions}>
          <Dropdown
            aria-label={m.type}
            value={labelOf(options, type)}
            selectedOptions={[type]}
            onOptionSelect={(_, d) => (setPage(1), navigate(payListHref(taskId, batchId, d.optionValue ?? 'all'), { replace: true }))}
            data-testid="ledger-type"
          >
            {options.map((o) => (
              <Option key={o.code} value={o.code}>
                {o.label}
              </Option>
            ))}
          </Dropdown>
          <DayRangeInputs value={range} onChange={(r) => (setPage(1), setRange(r))} />
        </div>
        <div className={s.actions}>
          {data && (
            <Text data-testid="ledger-balance">
              {m.balance} <strong>¥{fenText(data.balance)}</strong>
            </Text>
          )}
          <Button icon={<ArrowDownloadRegular />} onClick={() => void doExport()} data-testid="ledger-export">
            {m.export}
          </Button>
        </div>
      </div>
      {!data ? (
        <div className={s.center}>
          <Spinner />
        </div>
      ) : data.list.length === 0 ? (
        <EmptyState text={m.empty} />
      ) : (
        <div className={s.tableWrap}>
          <Table className={s.table} data-testid="ledger-table">
            <TableHeader>
              <TableRow>
                {tPay.ledger.cols.map((c) => (
                  <TableHeaderCell key={c}>{c}</TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.list.map((l) => (
                <TableRow key={l.id} data-testid="ledger-row" data-type={l.type} data-amount={l.amount} data-balance={l.balance_after}>
                  <TableCell className={s.nowrap}>{l.created_at}</TableCell>
                  <TableCell>{labelOf(LEDGER_TYPES, l.type)}</TableCell>
                  <TableCell className={`${s.num} ${l.amount > 0 ? s.plus : s.minus}`}>
                    {l.amount > 0 ? '+' : ''}
                    {fenText(l.amount)}
                  </TableCell>
                  <TableCell className={s.num}>{fenText(l.balance_after)}</TableCell>
                  <TableCell className={s.nowrap}>{l.ref_no}</TableCell>
                  <TableCell>{l.remark}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pager page={page} pageSize={20} total={data.total} onPage={setPage} />
        </div>
      )}
    </section>
  );
}
