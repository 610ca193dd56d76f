import { Fragment, isValidElement, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { tTable } from '../i18n/zh-CN.table';
import { RowActions, type RowAction } from './RowActions';
import { TableScroll } from './TableScroll';

const useStyles = makeStyles({
  table: {
    tableLayout: 'auto',
    minWidth: '100%',
    // no cell is squeezed into a column of single characters: every cell keeps room for a word
    '& td, & th': { minWidth: '3.5em' },
  },
  head: { whiteSpace: 'nowrap', fontWeight: tokens.fontWeightSemibold },
  nowrap: { whiteSpace: 'nowrap' },
  first: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  detail: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    margin: 0,
    padding: `${tokens.spacingVerticalS} 0`,
  },
  field: { display: 'flex', gap: tokens.spacingHorizontalS, minWidth: 0 },
  term: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  value: { margin: 0, minWidth: 0 },
});

/** A column of a list: its header, its cell, and whether it gives way on a narrow screen. */
export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (item: T) => ReactNode;
  /** 'secondary': left out while the table is narrower than `narrowBelow`; shown in the row's 详情 */
  priority?: 'secondary';
  /** a cell that must stay on one line (dates, amounts, a status) */
  nowrap?: boolean;
  className?: string;
}

export interface ListTableProps<T> {
  /** names the table and its scroll region */
  label: string;
  testId?: string;
  columns: readonly Column<T>[];
  items: readonly T[];
  rowKey: (item: T) => string | number;
  /** data-* attributes of a row (tests find rows by them) */
  rowProps?: (item: T) => Record<string, string | number | undefined>;
  /** the 操作 column, pinned at the right: a list of actions (two shown, the rest under 更多), or the row's own buttons */
  actions?: (item: T) => readonly RowAction[] | ReactNode;
  /** below this width (of the table's region, px) the secondary columns go to the row's 详情 */
  narrowBelow?: number;
  /** the table's narrowest width before it scrolls sideways (none once its secondary columns have gone to 详情) */
  minWidth?: string;
  /** 'small': the denser rows of a log or a list inside a panel */
  size?: 'small' | 'medium';
}

/** The width of an element, followed as it changes (the table's region, not the window). */
function useWidth<E extends HTMLElement>(): [React.RefObject<E | null>, number] {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1440 : window.innerWidth));
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([e]) => setWidth(Math.round(e!.contentRect.width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width];
}

/**
 * The list table of the console (issue 33): the first column pinned at the left and the 操作
 * column at the right, two actions shown and the rest under 更多, secondary columns giving way on
 * narrow screens to a row's 详情 (so nothing is lost), and no cell crushed to a character a line.
 * Lists with their own states use it through PagedTable's `columns`.
 *
 * Tables left as plain Fluent tables (in TableScroll where they can outgrow their box), because
 * the pattern adds nothing to them — no action, no column that could give way:
 * - membership's CrcRules: the fixed table of CRC rules;
 * - payouts' SettingsChangesDialog (时间 · 操作人 · 变更内容) and imports' IssueTable (行号 · 列 ·
 *   原值 · 错误原因, paged by 50): short tables inside a dialog, every column needed to read a line;
 * - privacy's RetentionPanel 清理记录: four short columns, all of them the record;
 * - employment's PickWorkersDialog: a tick per person inside a dialog;
 * - invite's InviteDialog: the day's schedule (时间 · 姓名 · 职位) beside the invitation form;
 * - statistics' ChartCard: a chart shown as its table, its columns the chart's series.
 */
export function ListTable<T>(p: ListTableProps<T>) {
  const s = useStyles();
  const [ref, width] = useWidth<HTMLDivElement>();
  const [open, setOpen] = useState<ReadonlySet<string | number>>(new Set());
  const narrow = width < (p.narrowBelow ?? 960);
  const hidden = narrow ? p.columns.filter((c) => c.priority === 'secondary') : [];
  const shown = p.columns.filter((c) => !hidden.includes(c));
  const span = shown.length + (p.actions ? 1 : 0);
  const toggle = (k: string | number) =>
    setOpen((cur) => {
      const next = new Set(cur);
      if (!next.delete(k)) next.add(k);
      return next;
    });
  return (
    <div ref={ref}>
      <TableScroll label={p.label} minWidth={hidden.length > 0 ? '0' : (p.minWidth ?? (narrow ? '0' : '960px'))} pinLast={!!p.actions}>
        <Table aria-label={p.label} size={p.size} className={s.table} data-testid={p.testId} data-narrow={narrow || undefined}>
          <TableHeader>
            <TableRow>
              {shown.map((c) => (
                <TableHeaderCell key={c.key} className={s.head}>
                  {c.header}
                </TableHeaderCell>
              ))}
              {p.actions && <TableHeaderCell className={s.head}>{tTable.actions}</TableHeaderCell>}
            </TableRow>
          </TableHeader>
          <TableBody>
            {p.items.map((item) => {
              const k = p.rowKey(item);
              const expanded = hidden.length > 0 && open.has(k);
              const acts = p.actions?.(item);
              return (
                <Fragment key={k}>
                  <TableRow {...p.rowProps?.(item)}>
                    {shown.map((c, i) => (
                      <TableCell key={c.key} className={mergeClasses(c.nowrap && s.nowrap, c.className)}>
                        {i === 0 && hidden.length > 0 ? (
                          <span className={s.first}>
                            <Button
                              size="small"
                              appearance="subtle"
                              icon={expanded ? <ChevronDownRegular /> : <ChevronRightRegular />}
                              aria-expanded={expanded}
                              aria-label={tTable.detail}
                              title={tTable.detail}
                              onClick={() => toggle(k)}
                              data-testid="row-detail"
                            />
                            {c.cell(item)}
                          </span>
                        ) : (
                          c.cell(item)
                        )}
                      </TableCell>
                    ))}
                    {p.actions && (
                      <TableCell className={s.nowrap}>
                        {Array.isArray(acts) ? (
                          <RowActions actions={acts as readonly RowAction[]} />
                        ) : isValidElement(acts) || acts ? (
                          (acts as ReactNode)
                        ) : null}
                      </TableCell>
                    )}
                  </TableRow>
                  {expanded && (
                    <TableRow data-testid="row-detail-fields">
                      <TableCell colSpan={span}>
                        <dl className={s.detail}>
                          {hidden.map((c) => (
                            <div key={c.key} className={s.field}>
                              <dt className={s.term}>{c.header}</dt>
                              <dd className={s.value}>{c.cell(item)}</dd>
                            </div>
                          ))}
                        </dl>
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableScroll>
    </div>
  );
}
