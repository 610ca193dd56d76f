import type { ReactNode } from 'react';
import { Button, Spinner, Table, TableBody, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import { t } from '../i18n/zh-CN';
import { EmptyState } from './EmptyState';
import { ListTable, type Column, type ListTableProps } from './ListTable';
import { Pager } from './Pager';
import { TableScroll } from './TableScroll';

const useStyles = makeStyles({
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
  table: { tableLayout: 'auto', minWidth: '100%' },
  head: { whiteSpace: 'nowrap', fontWeight: tokens.fontWeightSemibold },
});

/** One page of a server list, as the list endpoints answer it. */
export interface PageOf<T> {
  list: T[];
  page: number;
  page_size: number;
  total: number;
  /** more rows than `total` counts (keyset lists, issue 34) */
  total_more?: boolean;
}

export interface PagedTableProps<T> {
  /** names the table and its scroll region */
  label: string;
  testId: string;
  /** the old way: headers and one `TableRow` per item (`row`); or `columns` (ListTable) */
  headers?: readonly ReactNode[];
  /** null while the first answer is on its way */
  data: PageOf<T> | null;
  /** the list could not be loaded: the failed state with 重试 (lists that leave the page instead omit it) */
  failed?: boolean;
  onRetry?: () => void;
  /** the failed state's words (default 加载失败) */
  failedText?: string;
  onPage: (page: number) => void;
  /** one `TableRow` per item */
  row?: (item: T) => ReactNode;
  /** the shared list pattern (ListTable): columns with priorities, the pinned 操作 column and 更多 */
  columns?: readonly Column<T>[];
  rowKey?: (item: T) => string | number;
  rowProps?: ListTableProps<T>['rowProps'];
  actions?: ListTableProps<T>['actions'];
  narrowBelow?: number;
  emptyText?: string;
  /** under 暂无数据: a hint, and an action (e.g. 发布任务) */
  emptyDescription?: string;
  emptyAction?: ReactNode;
  /** the table's narrowest width before it scrolls sideways (TableScroll) */
  minWidth?: string;
  /** (with `row`) the last column, 操作, stays in view at the right */
  pinLast?: boolean;
}

/**
 * A paged list table with its four states — failed (重试), loading, 暂无数据, rows + pager — in
 * sideways-scrolling `TableScroll`; the list pages share it instead of writing the states again.
 */
export function PagedTable<T>(props: PagedTableProps<T>) {
  const { label, testId, headers, data, failed = false, onRetry, failedText = t.state.loadFailed, onPage, row, emptyText = t.state.empty } = props;
  const s = useStyles();
  if (failed) return <EmptyState text={failedText} action={onRetry && <Button onClick={onRetry}>{t.state.retry}</Button>} />;
  if (!data) {
    return (
      <div className={s.center}>
        <Spinner label={t.state.loadingOverlay} />
      </div>
    );
  }
  if (data.list.length === 0) return <EmptyState text={emptyText} description={props.emptyDescription} action={props.emptyAction} />;
  if (props.columns) {
    const { columns, rowKey = (x: T) => (x as { id: number }).id, rowProps, actions, narrowBelow, minWidth } = props;
    return (
      <>
        <ListTable label={label} testId={testId} columns={columns} items={data.list} {...{ rowKey, rowProps, actions, narrowBelow, minWidth }} />
        <Pager page={data.page} pageSize={data.page_size} total={data.total} more={data.total_more} onPage={onPage} />
      </>
    );
  }
  return (
    <>
      <TableScroll label={label} minWidth={props.minWidth} pinLast={props.pinLast}>
        <Table aria-label={label} className={s.table} data-testid={testId}>
          <TableHeader>
            <TableRow>
              {(headers ?? []).map((h, i) => (
                <TableHeaderCell key={i} className={s.head}>
                  {h}
                </TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>{row && data.list.map(row)}</TableBody>
        </Table>
      </TableScroll>
      <Pager page={data.page} pageSize={data.page_size} total={data.total} more={data.total_more} onPage={onPage} />
    </>
  );
}
