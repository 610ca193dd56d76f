import { Checkbox } from '@fluentui/react-components';
import type { DataOf } from '../../../../contract';
import { tTax } from '../../../shared/i18n/zh-CN.tax';
import { yuanText } from '../../../../contract/money';
import { toggle } from '../lib/form';
import { ListTable, type Column } from '../../../shared/ui';

type Eligible = DataOf<'taxEligible'>;
type Person = Eligible['people'][number];
type Batch = Eligible['batches'][number];

/**
 * The eligible people or payout batches of a period, with a tick per line and one for all; on a
 * narrow screen the ID number (people) or the task and the invoiceable amount (batches) go to a
 * row's 详情.
 */
export function PickTable({
  data,
  mode,
  ids,
  onChange,
}: {
  data: Eligible;
  mode: 'people' | 'batches';
  ids: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const c = tTax.form.cols;
  const all = mode === 'people' ? data.people.map((p) => p.worker_id) : data.batches.map((b) => b.id);
  const allOn = all.length > 0 && all.every((id) => ids.includes(id));
  const tickColumn = <T,>(idOf: (x: T) => number, what: (x: T) => string): Column<T> => ({
    key: 'tick',
    header: (
      <Checkbox
        checked={allOn ? true : ids.length > 0 ? 'mixed' : false}
        onChange={(_, d) => onChange(d.checked === true ? all : [])}
        aria-label={tTax.form.all}
      />
    ),
    cell: (x) => (
      <Checkbox
        checked={ids.includes(idOf(x))}
        onChange={(_, d) => onChange(toggle(ids, idOf(x), d.checked === true))}
        aria-label={tTax.form.pickOne(what(x))}
        data-testid={`tax-pick-${idOf(x)}`}
      />
    ),
  });
  const label = mode === 'people' ? tTax.form.byPeople : tTax.form.byBatches;
  const common = { label, size: 'small', minWidth: '720px', narrowBelow: 720 } as const;
  if (mode === 'people') {
    const columns: readonly Column<Person>[] = [
      tickColumn<Person>(
        (p) => p.worker_id,
        (p) => p.name,
      ),
      { key: 'name', header: c.name, cell: (p) => p.name, nowrap: true },
      { key: 'cert', header: c.cert, cell: (p) => p.cert_no, nowrap: true, priority: 'secondary' },
      { key: 'rows', header: c.rows, cell: (p) => p.rows },
      { key: 'income', header: c.income, cell: (p) => yuanText(p.income), nowrap: true },
      { key: 'tax', header: c.tax, cell: (p) => yuanText(p.tax), nowrap: true },
    ];
    return (
      <ListTable
        {...common}
        testId="tax-pick-people"
        columns={columns}
        items={data.people}
        rowKey={(p) => p.worker_id}
        rowProps={(p) => ({ 'data-name': p.name })}
      />
    );
  }
  const columns: readonly Column<Batch>[] = [
    tickColumn<Batch>(
      (b) => b.id,
      (b) => b.batch_no,
    ),
    { key: 'batch', header: c.batch, cell: (b) => b.batch_no, nowrap: true },
    { key: 'task', header: c.task, cell: (b) => b.task_name, priority: 'secondary' },
    { key: 'period', header: c.period, cell: (b) => b.period, nowrap: true },
    { key: 'heads', header: c.heads, cell: (b) => b.head_count },
    { key: 'income', header: c.income, cell: (b) => yuanText(b.income), nowrap: true },
    { key: 'tax', header: c.tax, cell: (b) => yuanText(b.tax), nowrap: true },
    { key: 'invoiceable', header: c.invoiceable, cell: (b) => yuanText(b.invoiceable), nowrap: true, priority: 'secondary' },
  ];
  return (
    <ListTable
      {...common}
      testId="tax-pick-batches"
      columns={columns}
      items={data.batches}
      rowKey={(b) => b.id}
      rowProps={(b) => ({ 'data-batch': b.batch_no })}
    />
  );
}
