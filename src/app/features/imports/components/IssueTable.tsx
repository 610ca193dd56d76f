import { useEffect, useState } from 'react';
import { Badge, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { IMPORT_ISSUE_PAGE, type ImportIssue } from '../../../../contract/imports';
import { tImport } from '../../../shared/i18n/zh-CN.imports';
import { EmptyState, Pager, TableScroll } from '../../../shared/ui';
import { loadIssues } from '../api';
import { useImportStyles } from './styles';

export interface IssueTableProps {
  batchId: number;
  /** the first page, as the upload or the batch detail answered it */
  first: readonly ImportIssue[];
  total: number;
}

/**
 * 行号 · 列 · 原值 · 错误原因, a page of 50 lines at a time from the server: a 5000-error report is
 * never sent, parsed or rendered at once (no long task on the main thread).
 */
export function IssueTable({ batchId, first, total }: IssueTableProps) {
  const s = useImportStyles();
  const [page, setPage] = useState(1);
  const [list, setList] = useState<readonly ImportIssue[] | null>(first);
  useEffect(() => {
    setPage(1);
    setList(first);
  }, [batchId, first]);
  const go = (p: number) => {
    setPage(p);
    if (p === 1) return setList(first);
    setList(null);
    loadIssues(batchId, p).then(
      (d) => setList(d.list),
      () => setList([]),
    );
  };
  if (total === 0) return <EmptyState text={tImport.noIssues} compact />;
  return (
    <>
      <TableScroll label={tImport.errorCols.msg} minWidth={'720px'}>
        <Table aria-label={tImport.errorCols.msg} data-testid="import-issues" className={s.table} size="small">
          <TableHeader>
            <TableRow>
              {(['row', 'col', 'raw', 'msg'] as const).map((c) => (
                <TableHeaderCell key={c}>{tImport.errorCols[c]}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {(list ?? []).map((i, n) => (
              <TableRow key={`${i.row}-${i.col}-${n}`} data-testid="import-issue" data-row={i.row}>
                <TableCell className={s.nowrap}>{tImport.rowNo(i.row)}</TableCell>
                <TableCell className={s.nowrap}>{i.col}</TableCell>
                <TableCell className={s.nowrap}>{i.raw}</TableCell>
                <TableCell>
                  {i.level === 'warning' ? (
                    <Badge appearance="tint" color="warning" size="small">
                      {tImport.warning}
                    </Badge>
                  ) : null}{' '}
                  <span className={i.level === 'error' ? s.danger : undefined}>{i.msg}</span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {list === null && (
          <div className={s.center}>
            <Spinner size="small" />
          </div>
        )}
      </TableScroll>
      {total > IMPORT_ISSUE_PAGE && <Pager page={page} pageSize={IMPORT_ISSUE_PAGE} total={total} onPage={go} />}
    </>
  );
}
