import { useEffect, useState } from 'react';
import { makeStyles, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import type { z } from 'zod';
import type { RoleChangesData } from '../../../../contract';
import { t } from '../../../shared/i18n/zh-CN';
import { tAccounts } from '../../../shared/i18n/zh-CN.accounts';
import { EmptyState, Pager, TableScroll } from '../../../shared/ui';
import { roleChanges } from '../api';
import { roleText } from './RoleDialog';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
});

type Data = z.infer<typeof RoleChangesData>;

/** 权限变更记录 (admins): who changed whose roles, before → after, when; newest first. `version` reloads it. */
export function RoleChanges({ version }: { version: number }) {
  const s = useStyles();
  const c = tAccounts.account.colleagues;
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Data | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    roleChanges(page).then(
      (d) => live && setData(d),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [page, version]);
  return (
    <section className={s.root} data-testid="role-changes" aria-label={c.log}>
      <Text size={200} className={s.muted}>
        {c.logIntro}
      </Text>
      {!data ? (
        failed ? (
          <EmptyState compact text={c.logFailed} />
        ) : (
          <Spinner size="small" label={t.state.loading} />
        )
      ) : data.list.length === 0 ? (
        <EmptyState compact text={c.logEmpty} />
      ) : (
        <>
          <TableScroll label={c.log} minWidth={'720px'}>
            <Table size="small" aria-label={c.log}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{c.logCols.time}</TableHeaderCell>
                  <TableHeaderCell>{c.logCols.by}</TableHeaderCell>
                  <TableHeaderCell>{c.logCols.target}</TableHeaderCell>
                  <TableHeaderCell>{c.logCols.before}</TableHeaderCell>
                  <TableHeaderCell>{c.logCols.after}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.list.map((r) => (
                  <TableRow key={r.id} data-testid="role-change-row">
                    <TableCell>{r.created_at}</TableCell>
                    <TableCell>{r.changed_by}</TableCell>
                    <TableCell>{r.target}</TableCell>
                    <TableCell>{roleText(r.before)}</TableCell>
                    <TableCell>{roleText(r.after)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
          <Pager page={data.page} pageSize={data.page_size} total={data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
