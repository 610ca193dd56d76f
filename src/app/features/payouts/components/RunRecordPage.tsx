import { useEffect, useState } from 'react';
import { Dropdown, Option, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import type { LogPageData } from '../../../../contract/payouts';
import { LOG_ACTIONS, labelOf } from '../../../../contract/payouts-rules';
import { requireMember } from '../../../shared/dialogs/store';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { EmptyState, Pager } from '../../../shared/ui';
import { loadLogs, type DayRange } from '../api';
import { runRecordHref } from '../lib/links';
import { DayRangeInputs, RecordsHead, useScope } from './RecordsHead';
import { usePayStyles } from './styles';

/** /employment/runRecord/{task}/{batch}/{action}: the append-only operation log, newest first. */
export function RunRecordPage({ taskId, batchId, action }: { taskId: number; batchId: number; action: string }) {
  const s = usePayStyles();
  const m = tPay.records;
  const [, navigate] = useLocation();
  const [allowed, setAllowed] = useState<boolean | null>(null);
  const [range, setRange] = useState<DayRange>({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const [data, setData] = useState<z.infer<typeof LogPageData> | null>(null);
  const scope = useScope(taskId, batchId);
  useEffect(() => setAllowed(requireMember()), []);
  useEffect(() => {
    if (!allowed) return;
    loadLogs({ task_id: taskId, batch_id: batchId, action, page, ...range }).then(setData, () => undefined);
  }, [allowed, taskId, batchId, action, page, range]);
  if (allowed === false) return <EmptyState text={tPay.notMember} />;
  const options = [{ code: 'all', label: m.allActions }, ...LOG_ACTIONS];
  return (
    <section className={s.panel} data-testid="run-record">
      <RecordsHead title={m.logTitle} scope={scope} taskId={taskId} />
      <div className={s.actions}>
        <Dropdown
          aria-label={m.action}
          value={labelOf(options, action)}
          selectedOptions={[action]}
          onOptionSelect={(_, d) => (setPage(1), navigate(runRecordHref(taskId, batchId, d.optionValue ?? 'all'), { replace: true }))}
          data-testid="log-action"
        >
          {options.map((o) => (
            <Option key={o.code} value={o.code}>
              {o.label}
            </Option>
          ))}
        </Dropdown>
        <DayRangeInputs value={range} onChange={(r) => (setPage(1), setRange(r))} />
        <Text className={s.small}>{m.appendOnly}</Text>
      </div>
      {!data ? (
        <div className={s.center}>
          <Spinner />
        </div>
      ) : data.list.length === 0 ? (
        <EmptyState text={m.empty} />
      ) : (
        <div className={s.tableWrap}>
          <Table className={s.table} data-testid="log-table">
            <TableHeader>
              <TableRow>
                {m.logCols.map((c) => (
                  <TableHeaderCell key={c}>{c}</TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.list.map((l) => (
                <TableRow key={l.id} data-testid="log-row" data-action={l.action}>
                  <TableCell className={s.nowrap}>{l.created_at}</TableCell>
                  <TableCell>{l.operator}</TableCell>
                  <TableCell className={s.nowrap}>{l.ip || '—'}</TableCell>
                  <TableCell className={s.nowrap}>{l.batch_no}</TableCell>
                  <TableCell className={s.nowrap}>{l.action}</TableCell>
                  <TableCell>{l.content}</TableCell>
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
