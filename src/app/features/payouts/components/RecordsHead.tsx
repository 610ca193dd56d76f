import { useEffect, useState } from 'react';
import { Button, Input, Link, Option, Text } from '@fluentui/react-components';
import { Dropdown } from '../../../shared/ui/Dropdown';
import { useLocation } from 'wouter';
import { labelOf } from '../../../../contract/payouts-rules';
import { requireMember } from '../../../shared/dialogs/store';
import { useLacks } from '../../../shared/session';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { listBatches, loadBatch, type DayRange } from '../api';
import { batchPageHref } from '../lib/links';
import { usePayStyles } from './styles';
import { pageAt, type PageAt } from '../../../shared/ui/Pager';

/** What a records page covers (a batch, a task's batches, everything) and the way back to 发放管理. */
export function useScope(taskId: number, batchId: number) {
  const [scope, setScope] = useState({ text: '', taskName: '' });
  const prepares = !useLacks()('payout.prepare');
  useEffect(() => {
    const m = tPay.records;
    if (!prepares) return;
    if (batchId)
      loadBatch(batchId).then(
        (b) => setScope({ text: m.scopeBatch(b.batch_no), taskName: b.task_name }),
        () => undefined,
      );
    else if (taskId)
      listBatches(taskId).then(
        (l) => setScope({ text: m.scopeTask(l.list[0]?.task_name ?? ''), taskName: l.list[0]?.task_name ?? '' }),
        () => undefined,
      );
    else setScope({ text: m.scopeAll, taskName: '' });
  }, [taskId, batchId, prepares]);
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

/**
 * The state both records pages share: members only, a day range, a page, and the page of rows
 * `load` answers for them (reloaded when the range, the page or `key` — the page's own filters —
 * change). A new range goes back to page 1.
 */
export function useRecords<T extends { next: string; prev: string }>(load: (q: DayRange & PageAt) => Promise<T>, key: string) {
  const [allowed, setAllowed] = useState<boolean | null>(null);
  const [range, setRangeState] = useState<DayRange>({ from: '', to: '' });
  // the next / previous page by the shown page's cursor (issue 34)
  const [at, setAt] = useState<PageAt>({ page: 1 });
  const [data, setData] = useState<T | null>(null);
  // who may not prepare payouts is told who may, and no call is made (issue 27)
  const prepares = !useLacks()('payout.prepare');
  useEffect(() => setAllowed(requireMember()), []);
  useEffect(() => {
    if (!allowed || !prepares) return;
    load({ ...at, ...range }).then(setData, () => undefined);
    // `load` is a new closure each render; `key` names what it depends on
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [allowed, prepares, key, at, range]);
  const setPage = (p: number) => setAt(pageAt(p, data && { page: at.page, next: data.next, prev: data.prev }));
  const setRange = (r: DayRange) => (setAt({ page: 1 }), setRangeState(r));
  /** the roles may not read payout records: the page shows who may instead */
  const denied = !!allowed && !prepares;
  return { allowed, denied, range, setRange, page: at.page, setPage, data };
}

/** The page's filter (全部 + codes): choosing one replaces the address (`hrefOf`) and goes back to page 1. */
export function CodeFilter(p: {
  label: string;
  options: readonly { code: string; label: string }[];
  value: string;
  hrefOf: (code: string) => string;
  onChange: () => void;
  testId: string;
}) {
  const [, navigate] = useLocation();
  return (
    <Dropdown
      aria-label={p.label}
      value={labelOf(p.options, p.value)}
      selectedOptions={[p.value]}
      onOptionSelect={(_, d) => (p.onChange(), navigate(p.hrefOf(d.optionValue ?? 'all'), { replace: true }))}
      data-testid={p.testId}
    >
      {p.options.map((o) => (
        <Option key={o.code} value={o.code}>
          {o.label}
        </Option>
      ))}
    </Dropdown>
  );
}
