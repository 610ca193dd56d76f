import { useEffect, useState } from 'react';
import { Button, Input, Link, Text } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { listBatches, loadBatch, type DayRange } from '../api';
import { batchPageHref } from '../lib/links';
import { usePayStyles } from './styles';

/** What a records page covers (a batch, a task's batches, everything) and the way back to 发放管理. */
export function useScope(taskId: number, batchId: number) {
  const [scope, setScope] = useState({ text: '', taskName: '' });
  useEffect(() => {
    const m = tPay.records;
    if (batchId) loadBatch(batchId).then((b) => setScope({ text: m.scopeBatch(b.batch_no), taskName: b.task_name }), () => undefined);
    else if (taskId)
      listBatches(taskId).then(
        (l) => setScope({ text: m.scopeTask(l.list[0]?.task_name ?? ''), taskName: l.list[0]?.task_name ?? '' }),
        () => undefined,
      );
    else setScope({ text: m.scopeAll, taskName: '' });
  }, [taskId, batchId]);
  return scope;
}

export function RecordsHead({ title, scope, taskId }: { title: string; scope: { text: string; taskName: string }; taskId: number }) {
  const s = usePayStyles();
  const [, navigate] = useLocation();
  return (
    <div className={s.head}>
      <h2 className={s.title} data-testid="records-title">
        {title} · {scope.text}
      </h2>
      <Link onClick={() => navigate(batchPageHref(taskId, scope.taskName))} data-testid="records-back">
        {tPay.records.back}
      </Link>
    </div>
  );
}

/** 开始日期 — 结束日期 (China days, inclusive). */
export function DayRangeInputs({ value, onChange }: { value: DayRange; onChange: (v: DayRange) => void }) {
  const s = usePayStyles();
  const m = tPay.records;
  return (
    <div className={s.actions}>
      <Input type="date" aria-label={m.from} value={value.from} onChange={(_, d) => onChange({ ...value, from: d.value })} data-testid="range-from" />
      <Text>—</Text>
      <Input type="date" aria-label={m.to} value={value.to} onChange={(_, d) => onChange({ ...value, to: d.value })} data-testid="range-to" />
      {(value.from || value.to) && (
        <Button appearance="subtle" onClick={() => onChange({ from: '', to: '' })}>
          {m.clear}
        </Button>
      )}
    </div>
  );
}
