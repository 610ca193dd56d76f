import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  Tab,
  TabList,
  Text,
  tokens,
} from '@fluentui/react-components';
import { PersonAddRegular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import type { Colleague, Role } from '../../../../contract';
import { t } from '../../../shared/i18n/zh-CN';
import { tAccounts } from '../../../shared/i18n/zh-CN.accounts';
import { toastSuccess } from '../../../shared/lib/notify';
import { refreshSession, useCan } from '../../../shared/session';
import { EmptyState, ListTable, type Column } from '../../../shared/ui';
import { Gated } from '../../../shared/ui/Gated';
import { checkColleague, listColleagues, removeColleague, setColleagueRoles } from '../api';
import { RoleChanges } from './RoleChanges';
import { RoleDialog } from './RoleDialog';

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalL, gap: tokens.spacingVerticalM },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, whiteSpace: 'nowrap' },
  roles: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * 同事: colleagues with department, job and roles, and the pending checks an admin approves or
 * rejects; admins also set a colleague's roles (设置角色, with a confirmation) and read the
 * 权限变更记录 (issue 27). Colleagues who are not admins see the list; the checks are disabled for
 * them with who may (Gated), the roles and removal are not shown.
 */
export function Colleagues() {
  const s = useStyles();
  const [, navigate] = useLocation();
  const [data, setData] = useState<{ list: Colleague[]; pending: Colleague[] } | null>(null);
  const [tab, setTab] = useState<'members' | 'pending' | 'log'>('members');
  const [busy, setBusy] = useState<number | null>(null);
  const [removing, setRemoving] = useState<Colleague | null>(null);
  const [editing, setEditing] = useState<Colleague | null>(null);
  const [logVersion, setLogVersion] = useState(0);
  const c = tAccounts.account.colleagues;
  const can = useCan();

  const first = useRef(true);
  const load = useCallback(() => {
    listColleagues().then(
      (d) => {
        setData(d);
        // the first answer opens the pending checks when there are any; reloads keep the tab
        if (first.current && d.pending.length > 0) setTab('pending');
        first.current = false;
      },
      () => setData({ list: [], pending: [] }),
    );
  }, []);
  useEffect(load, [load]);

  const check = async (x: Colleague, result: 'pass' | 'reject') => {
    if (result === 'reject' && !window.confirm(c.rejectConfirm(x.realname))) return;
    setBusy(x.id);
    try {
      const { msg } = await checkColleague(x.id, result);
      toastSuccess(msg);
      load();
      void refreshSession();
    } catch {
      // told
    } finally {
      setBusy(null);
    }
  };

  /** 移除 (admins, after the dialog's confirmation): the colleague leaves and is logged out at once. */
  const remove = async (x: Colleague) => {
    setBusy(x.id);
    try {
      const { msg } = await removeColleague(x.id);
      toastSuccess(msg);
      setRemoving(null);
      load();
    } catch {
      // told
    } finally {
      setBusy(null);
    }
  };

  /** 确认变更 in the roles dialog: the change is saved and logged; my own roles reload the session. */
  const saveRoles = async (x: Colleague, roles: Role[]) => {
    setBusy(x.id);
    try {
      const { msg } = await setColleagueRoles(x.id, roles);
      toastSuccess(msg);
      setEditing(null);
      load();
      setLogVersion((v) => v + 1);
      if (x.is_me) void refreshSession();
    } catch {
      // told
    } finally {
      setBusy(null);
    }
  };

  if (!data) return <Spinner label={t.state.loading} />;
  // the roles of the user info (issue 27): a change of mine shows here at once
  const iAmAdmin = can('admin');
  const rows = tab === 'members' ? data.list : tab === 'pending' ? data.pending : [];
  const actions = tab === 'pending' || iAmAdmin;
  // the mobile, department and job give way to the row's 详情 on a narrow screen
  const columns: Column<Colleague>[] = [
    {
      key: 'name',
      header: c.cols.name,
      nowrap: true,
      cell: (x) => (
        <>
          {x.realname}
          {x.is_me && <Text className={s.muted}>{c.me}</Text>}
        </>
      ),
    },
    { key: 'mobile', header: c.cols.mobile, cell: (x) => x.mobile, nowrap: true, priority: 'secondary' },
    { key: 'dept', header: c.cols.dept, cell: (x) => x.dept_name || '—', priority: 'secondary' },
    { key: 'job', header: c.cols.job, cell: (x) => x.job_name || '—', priority: 'secondary' },
    ...(tab === 'members'
      ? [
          {
            key: 'roles',
            header: c.cols.role,
            cell: (x: Colleague) => (
              <div className={s.roles} data-testid="colleague-roles">
                {(x.roles.length > 1 ? x.roles.filter((r) => r !== 'member') : x.roles).map((r) => (
                  <Badge key={r} appearance="tint" color={r === 'admin' ? 'brand' : r === 'member' ? 'subtle' : 'informative'}>
                    {c.roleLabels[r]}
                  </Badge>
                ))}
              </div>
            ),
          },
        ]
      : []),
    {
      key: 'time',
      header: tab === 'members' ? c.cols.time : c.cols.applied,
      cell: (x) => (tab === 'members' ? x.joined_at : x.applied_at) ?? '—',
      nowrap: true,
    },
  ];
  return (
    <Card className={s.card} data-testid="colleagues">
      <div className={s.head}>
        <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'members' | 'pending' | 'log')}>
          <Tab value="members">{c.members(data.list.length)}</Tab>
          <Tab value="pending">{c.pending(data.pending.length)}</Tab>
          {iAmAdmin ? (
            <Tab value="log" data-testid="role-log-tab">
              {c.log}
            </Tab>
          ) : null}
        </TabList>
        <Button icon={<PersonAddRegular />} onClick={() => navigate('/company/invite')}>
          {c.invite}
        </Button>
      </div>
      {tab === 'log' ? (
        <RoleChanges version={logVersion} />
      ) : rows.length === 0 ? (
        <EmptyState compact text={tab === 'pending' ? c.noPending : undefined} />
      ) : (
        <ListTable
          label={tAccounts.account.tabs.colleagues}
          size="small"
          minWidth={iAmAdmin ? '960px' : '720px'}
          narrowBelow={720}
          columns={columns}
          items={rows}
          rowKey={(x) => x.id}
          rowProps={() => ({ 'data-testid': 'colleague-row' })}
          actions={
            tab === 'pending'
              ? (x) => (
                  <div className={s.actions}>
                    <Gated perm="admin">
                      <Button size="small" appearance="primary" disabled={busy === x.id} onClick={() => check(x, 'pass')}>
                        {c.approve}
                      </Button>
                    </Gated>
                    <Gated perm="admin">
                      <Button size="small" disabled={busy === x.id} onClick={() => check(x, 'reject')}>
                        {c.reject}
                      </Button>
                    </Gated>
                  </div>
                )
              : actions
                ? (x) => [
                    { key: 'roles', label: c.setRoles, disabled: busy === x.id, onClick: () => setEditing(x), testId: 'set-roles' },
                    ...(!x.is_me && x.role === 'member' ? [{ key: 'remove', label: c.remove, disabled: busy === x.id, onClick: () => setRemoving(x) }] : []),
                  ]
                : undefined
          }
        />
      )}
      <RoleDialog colleague={editing} busy={busy !== null} onCancel={() => setEditing(null)} onSave={(roles) => editing && void saveRoles(editing, roles)} />
      <Dialog open={removing !== null} onOpenChange={(_, d) => !d.open && setRemoving(null)}>
        <DialogSurface aria-describedby={undefined}>
          <DialogBody>
            <DialogTitle>{c.removeTitle}</DialogTitle>
            <DialogContent>{removing ? c.removeConfirm(removing.realname) : null}</DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => setRemoving(null)}>
                {c.cancel}
              </Button>
              <Button appearance="primary" disabled={busy !== null} onClick={() => removing && void remove(removing)}>
                {c.removeOk}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </Card>
  );
}
