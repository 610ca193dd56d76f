import { Button, Spinner, Text } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { yuanText } from '../../../../contract/money';
import { LEDGER_TYPES, type LedgerType } from '../../../../contract/payouts-rules';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { toastSuccess } from '../../../shared/lib/notify';
import { EmptyState, Pager } from '../../../shared/ui';
import { NoAccess } from '../../../shared/ui/Gated';
import { exportLedger, loadLedgerPage } from '../api';
import { useStreamedExport } from '../../../shared/ui/Exporting';
import { payListHref } from '../lib/links';
import { LedgerRows } from './LedgerTable';
import { CodeFilter, DayRangeInputs, RecordsHead, useRecords, useScope } from './RecordsHead';
import { usePayStyles } from './styles';

/** /employment/pay-list/{task}/{batch}/{type}: the account's ledger (费用记录), filters, paging, 导出. */
export function PayListPage({ taskId, batchId, type }: { taskId: number; batchId: number; type: LedgerType | 'all' }) {
  const s = usePayStyles();
  const m = tPay.records;
  const scope = useScope(0, batchId);
  const { allowed, denied, range, setRange, page, setPage, data } = useRecords((q) => loadLedgerPage({ type, batch_id: batchId, ...q }), `${batchId}/${type}`);
  const streamed = useStreamedExport();
  if (allowed === false) return <EmptyState text={tPay.notMember} />;
  if (denied) return <NoAccess perm="payout.prepare" />;
  const doExport = async () => {
    if (await streamed.run(() => exportLedger({ type, batch_id: batchId, ...range }))) toastSuccess(m.exported);
  };
  return (
    <section className={s.panel} data-testid="pay-list">
      {streamed.view}
      <RecordsHead title={m.payTitle} scope={batchId ? scope : { text: m.scopeAccount, taskName: scope.taskName }} taskId={taskId} />
      <div className={s.head}>
        <div className={s.actions}>
          <CodeFilter
            label={m.type}
            options={[{ code: 'all', label: tPay.ledger.all }, ...LEDGER_TYPES]}
            value={type}
            hrefOf={(code) => payListHref(taskId, batchId, code)}
            onChange={() => setPage(1)}
            testId="ledger-type"
          />
          <DayRangeInputs value={range} onChange={setRange} />
        </div>
        <div className={s.actions}>
          {data && (
            <Text data-testid="ledger-balance">
              {m.balance} <strong>{yuanText(data.balance)}</strong>
            </Text>
          )}
          <Button icon={<ArrowDownloadRegular />} disabled={streamed.busy} onClick={() => void doExport()} data-testid="ledger-export">
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
        <>
          <LedgerRows label={m.payTitle} list={data.list} testId="ledger-table" />
          <Pager page={page} pageSize={20} total={data.total} more={data.total_more} onPage={setPage} />
        </>
      )}
    </section>
  );
}
