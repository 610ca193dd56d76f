import { useEffect, useState } from 'react';
import { Badge, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { ImportIssue } from '../../../../contract/imports';
import { tImport } from '../../../shared/i18n/zh-CN.imports';
import { EmptyState, Pager } from '../../../shared/ui';
import { pageOf } from '../lib/file';
import { useImportStyles } from './styles';

const PAGE = 50;

/** 行号 · 列 · 原值 · 错误原因, 50 lines a page (5000 errors render without a long task). */
export function IssueTable({ issues }: { issues: readonly ImportIssue[] }) {
  const s = useImportStyles();
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [issues]);
  if (issues.length === 0) return <EmptyState text={tImport.noIssues} compact />;
  return (
    <>
      <div className={s.tableWrap}>
        <Table aria-label={tImport.errorCols.msg} data-testid="import-issues" className={s.table} size="small">
          <TableHeader>
            <TableRow>
              {(['row', 'col', 'raw', 'msg'] as const).map((c) => (
                <TableHeaderCell key={c}>{tImport.errorCols[c]}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {pageOf(issues, page, PAGE).map((i, n) => (
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
      </div>
      {issues.length > PAGE && <Pager page={page} pageSize={PAGE} total={issues.length} onPage={setPage} />}
    </>
  );
}
