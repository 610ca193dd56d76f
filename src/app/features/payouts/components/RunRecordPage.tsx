import { Spinner, Text } from '@fluentui/react-components';
import { LOG_ACTIONS, type LogAction } from '../../../../contract/payouts-rules';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { EmptyState, ListTable, Pager } from '../../../shared/ui';
import { NoAccess } from '../../../shared/ui/Gated';
import { loadLogs } from '../api';
import { runRecordHref } from '../lib/links';
import { useLogPageColumns } from './batchColumns';
import { CodeFilter, DayRangeInputs, RecordsHead, useRecords, useScope } from './RecordsHead';
import { usePayStyles } from './styles';

/** /employment/runRecord/{task}/{batch}/{action}: the append-only operation log, newest first. */
export function RunRecordPage({ taskId, batchId, action }: { taskId: number; batchId: number; action: LogAction | 'all' }) {
  const s = usePayStyles();
  const m = tPay.records;
  const scope = useScope(taskId, batchId);
  const columns = useLogPageColumns();
  const { allowed, denied, range, setRange, page, setPage, data } = useRecords(
    (q) => loadLogs({ task_id: taskId, batch_id: batchId, action, ...q }),
    `${taskId}/${batchId}/${action}`,
  );
  if (allowed === false) return <EmptyState text={tPay.notMember} />;
  if (denied) return <NoAccess perm="payout.prepare" />;
  return (
    <section className={s.panel} data-testid="run-record">
      <RecordsHead title={m.logTitle} scope={scope} taskId={taskId} />
      <div className={s.actions}>
        <CodeFilter
          label={m.action}
          options={[{ code: 'all', label: m.allActions }, ...LOG_ACTIONS]}
          value={action}
          hrefOf={(code) => runRecordHref(taskId, batchId, code)}
          onChange={() => setPage(1)}
          testId="log-action"
        />
        <DayRangeInputs value={range} onChange={setRange} />
        <Text className={s.small}>{m.appendOnly}</Text>
      </div>
      {!data ? (
        <div className={s.center}>
          <Spinner />
        </div>
      ) : data.list.length === 0 ? (
        <EmptyState text={m.empty} />
      ) : (
        <>
          <ListTable
            label={m.logTitle}
            testId="log-table"
            columns={columns}
            items={data.list}
            rowKey={(l) => l.id}
            rowProps={(l) => ({ 'data-testid': 'log-row', 'data-action': l.action })}
          />
          <Pager page={page} pageSize={20} total={data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
