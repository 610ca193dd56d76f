import { useState, type ReactNode } from 'react';
import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { EmptyState, TableScroll } from '../../../shared/ui';
import { tStat } from '../../../shared/i18n/zh-CN.statistics';
import type { FigureId } from '../../../../contract/statistics-defs';
import { FigureInfo, figureLabel } from './FigureInfo';
import { useStatStyles } from './styles';

export interface TableSpec {
  cols: string[];
  rows: (string | number)[][];
}

/** A chart with 以表格查看 (the same numbers as a table); an empty range shows 暂无数据, not empty axes. */
export function ChartCard(p: { title: string; id: string; empty: boolean; table: TableSpec; children: ReactNode; note?: string; def?: FigureId }) {
  const s = useStatStyles();
  const [asTable, setAsTable] = useState(false);
  return (
    <section className={s.card} data-testid={`card-${p.id}`} aria-label={p.title}>
      <div className={s.cardHead}>
        <Text className={s.cardTitle}>
          {p.title}
          {p.def && <FigureInfo id={p.def} />}
        </Text>
        {!p.empty && (
          <Button size="small" appearance="subtle" onClick={() => setAsTable((v) => !v)} data-testid={`toggle-${p.id}`}>
            {asTable ? tStat.asChart : tStat.asTable}
          </Button>
        )}
      </div>
      {p.note && (
        <Text className={s.muted} block data-testid={`note-${p.id}`}>
          {p.note}
        </Text>
      )}
      {p.empty ? (
        <EmptyState text={tStat.empty} compact />
      ) : asTable ? (
        <DataTable {...p.table} label={p.title} testId={`table-${p.id}`} />
      ) : (
        <div className={s.chart}>{p.children}</div>
      )}
    </section>
  );
}

export function DataTable(p: TableSpec & { label: string; testId?: string }) {
  const s = useStatStyles();
  return (
    <TableScroll label={p.label} minWidth={'480px'} className={s.tableWrap}>
      <Table size="small" aria-label={p.label} data-testid={p.testId}>
        <TableHeader>
          <TableRow>
            {p.cols.map((c, k) => (
              <TableHeaderCell key={c} className={k > 0 ? s.numHead : undefined}>
                {c}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {p.rows.map((r, i) => (
            <TableRow key={i}>
              {r.map((v, k) => (
                <TableCell key={k} className={k > 0 ? s.num : undefined}>
                  {v}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroll>
  );
}

/** A figure with its ⓘ definition (contract/statistics-defs); a range-free one is labelled 当前. */
export function Kpi(p: { label: string; value: string | number; hint?: string; id: FigureId }) {
  const s = useStatStyles();
  return (
    <div className={s.kpi} data-testid={`kpi-${p.id}`}>
      <Text className={s.muted}>
        {figureLabel(p.id, p.label)}
        <FigureInfo id={p.id} />
      </Text>
      <Text className={s.kpiValue}>{p.value}</Text>
      {p.hint && <Text className={s.muted}>{p.hint}</Text>}
    </div>
  );
}
