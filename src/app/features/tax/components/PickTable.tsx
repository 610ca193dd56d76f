import { Checkbox, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { DataOf } from '../../../../contract';
import { tTax } from '../../../shared/i18n/zh-CN.tax';
import { yuanText } from '../../../../contract/money';
import { toggle } from '../lib/form';
import { TableScroll } from '../../../shared/ui';
import { useTaxStyles } from './styles';

type Eligible = DataOf<'taxEligible'>;

/** The eligible people or payout batches of a period, with a tick per line and one for all. */
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
  const s = useTaxStyles();
  const c = tTax.form.cols;
  const all = mode === 'people' ? data.people.map((p) => p.worker_id) : data.batches.map((b) => b.id);
  const allOn = all.length > 0 && all.every((id) => ids.includes(id));
  const head = (
    <TableHeaderCell>
      <Checkbox
        checked={allOn ? true : ids.length > 0 ? 'mixed' : false}
        onChange={(_, d) => onChange(d.checked === true ? all : [])}
        aria-label={tTax.form.all}
      />
    </TableHeaderCell>
  );
  const tick = (id: number, what: string) => (
    <TableCell>
      <Checkbox
        checked={ids.includes(id)}
        onChange={(_, d) => onChange(toggle(ids, id, d.checked === true))}
        aria-label={tTax.form.pickOne(what)}
        data-testid={`tax-pick-${id}`}
      />
    </TableCell>
  );
  return (
    <TableScroll label={mode === 'people' ? tTax.form.byPeople : tTax.form.byBatches} minWidth="720px">
      {mode === 'people' ? (
        <Table className={s.table} size="small" data-testid="tax-pick-people">
          <TableHeader>
            <TableRow>
              {head}
              {[c.name, c.cert, c.rows, c.income, c.tax].map((h) => (
                <TableHeaderCell key={h}>{h}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.people.map((p) => (
              <TableRow key={p.worker_id} data-name={p.name}>
                {tick(p.worker_id, p.name)}
                <TableCell>{p.name}</TableCell>
                <TableCell className={s.nowrap}>{p.cert_no}</TableCell>
                <TableCell>{p.rows}</TableCell>
                <TableCell>{yuanText(p.income)}</TableCell>
                <TableCell>{yuanText(p.tax)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Table className={s.table} size="small" data-testid="tax-pick-batches">
          <TableHeader>
            <TableRow>
              {head}
              {[c.batch, c.task, c.period, c.heads, c.income, c.tax, c.invoiceable].map((h) => (
                <TableHeaderCell key={h}>{h}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.batches.map((b) => (
              <TableRow key={b.id} data-batch={b.batch_no}>
                {tick(b.id, b.batch_no)}
                <TableCell className={s.nowrap}>{b.batch_no}</TableCell>
                <TableCell>{b.task_name}</TableCell>
                <TableCell>{b.period}</TableCell>
                <TableCell>{b.head_count}</TableCell>
                <TableCell>{yuanText(b.income)}</TableCell>
                <TableCell>{yuanText(b.tax)}</TableCell>
                <TableCell>{yuanText(b.invoiceable)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </TableScroll>
  );
}
