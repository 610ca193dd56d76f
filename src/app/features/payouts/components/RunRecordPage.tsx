import { Spinner, Text } from '@fluentui/react-components';
import type { z } from 'zod';
import type { LogPageItem } from '../../../../contract/payouts';
import { LOG_ACTIONS, type LogAction } from '../../../../contract/payouts-rules';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { EmptyState, ListTable, Pager, type Column } from '../../../shared/ui';
import { NoAccess } from '../../../shared/ui/Gated';
import { loadLogs } from '../api';
import { runRecordHref } from '../lib/links';
import { CodeFilter, DayRangeInputs, RecordsHead, useRecords, useScope } from './RecordsHead';
import { usePayStyles } from './styles';

/** 操作日志 across batches (时间 · 操作人 · IP · 批次号 · 类型 · 内容): the IP and the batch give way on a narrow screen. */
// here, not in batchColumns.tsx: a module shared by two routes is one more chunk the shell names
function useLogPageColumns(): Column<z.infer<typeof LogPageItem>>[] {
  const [at, by, ip, batch, action, content] = tPay.records.logCols;
  return [
    { key: 'at', header: at, cell: (l) => l.created_at, nowrap: true },
    { key: 'by', header: by, cell: (l) => l.operator, nowrap: true },
    { key: 'ip', header: ip, cell: (l) => l.ip || '—', nowrap: true, priority: 'secondary' },
    { key: 'batch', header: batch, cell: (l) => l.batch_no, nowrap: true, priority: 'secondary' },
    { key: 'action', header: action, cell: (l) => l.action, nowrap: true },
    { key: 'content', header: content, cell: (l) => l.content },
  ];
}

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
          <Pager page={page} pageSize={20} total={data.total} more={data.total_more} onPage={setPage} />
        </>
      )}
    </section>
  );
}
