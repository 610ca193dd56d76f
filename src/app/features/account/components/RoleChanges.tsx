import { useEffect, useState } from 'react';
import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import type { z } from 'zod';
import type { RoleChangesData } from '../../../../contract';
import { t } from '../../../shared/i18n/zh-CN';
import { tAccounts } from '../../../shared/i18n/zh-CN.accounts';
import { EmptyState, ListTable, Pager, type Column } from '../../../shared/ui';
import { roleChanges } from '../api';
import { roleText } from './RoleDialog';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
});

type Data = z.infer<typeof RoleChangesData>;
type Change = Data['list'][number];

const L = tAccounts.account.colleagues.logCols;
// the 操作人 gives way first on a narrow screen (to the row's 详情)
const columns: readonly Column<Change>[] = [
  { key: 'time', header: L.time, cell: (r) => r.created_at, nowrap: true },
  { key: 'by', header: L.by, cell: (r) => r.changed_by, priority: 'secondary' },
  { key: 'target', header: L.target, cell: (r) => r.target },
  { key: 'before', header: L.before, cell: (r) => roleText(r.before) },
  { key: 'after', header: L.after, cell: (r) => roleText(r.after) },
];

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
          <ListTable
            label={c.log}
            size="small"
            minWidth="720px"
            narrowBelow={720}
            columns={columns}
            items={data.list}
            rowKey={(r) => r.id}
            rowProps={() => ({ 'data-testid': 'role-change-row' })}
          />
          <Pager page={data.page} pageSize={data.page_size} total={data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
