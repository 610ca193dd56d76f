import { useEffect, useState, type ReactNode } from 'react';
import {
  Avatar,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Tab,
  TabList,
  TableCell,
  TableRow,
  Link,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import type { ApplyItem } from '../../../../contract';
import { openInvite, openResume, recruitDialogs } from '../../../shared/dialogs/recruit';
import { requireMember } from '../../../shared/dialogs/store';
import { tRecruit } from '../../../shared/i18n/zh-CN.recruitment';
import { toast } from '../../../shared/lib/notify';
import { PagedTable } from '../../../shared/ui';
import { hire, listApplies, listHired, markUnsuitable } from '../api';
import { StatusBadge } from './StatusBadge';
import { usePageStyles } from './styles';

export type PeopleMode = 'collection' | 'invite' | 'entry';
type ApplyTab = 'all' | 'pending' | 'viewed' | 'invited' | 'unsuitable' | 'hired';
const APPLY_TABS: ApplyTab[] = ['all', 'pending', 'viewed', 'invited', 'unsuitable', 'hired'];

const useStyles = makeStyles({
  person: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  sub: { marginBottom: tokens.spacingVerticalS },
  nameLink: { fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
});

type Data =
  | { kind: 'collection'; list: ApplyItem[]; total: number; page: number; page_size: number; title: string }
  | { kind: 'entry'; list: (ApplyItem & { hired_at: string })[]; total: number; page: number; page_size: number; title: string };

/**
 * The three lists of one position: 收到的简历, 邀请面试 and 已录用 (SPEC §2). 邀请面试 is the
 * interviews feature's table, handed in by its page as `invited`.
 */
export function PositionPeople({ mode, id, title, invited }: { mode: PeopleMode; id: number; title: string; invited?: ReactNode }) {
  const s = usePageStyles();
  const x = useStyles();
  const [, navigate] = useLocation();
  const { inviteSent } = useSnapshot(recruitDialogs);
  const [tab, setTab] = useState<ApplyTab>('all');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Data | null>(null);
  const [failed, setFailed] = useState(false);
  const [reload, setReload] = useState(0);
  const [confirm, setConfirm] = useState<{ item: ApplyItem; action: 'unsuitable' | 'hire' } | null>(null);

  useEffect(() => setPage(1), [mode, tab, id]);
  useEffect(() => {
    let alive = true;
    setFailed(false);
    setData(null);
    // 邀请面试 is the interviews feature's own table (it loads its list)
    if (mode === 'invite') return;
    const p =
      mode === 'collection'
        ? listApplies(id, tab, page).then((d) => ({ kind: 'collection' as const, ...d }))
        : listHired(id, page).then((d) => ({ kind: 'entry' as const, ...d }));
    p.then(
      (d) => alive && setData(d),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [mode, id, tab, page, reload, inviteSent]);

  const act = async () => {
    const c = confirm;
    setConfirm(null);
    if (!c) return;
    if (c.action === 'hire' && !requireMember()) return;
    try {
      const { msg } = await (c.action === 'hire' ? hire(c.item.id) : markUnsuitable(c.item.id));
      toast('success', msg);
      setReload((n) => n + 1);
    } catch {
      // shown by the request layer
    }
  };

  const enc = encodeURIComponent(title);
  const person = (r: { user_id: number; realname: string; avatar: string }) => (
    <div className={x.person}>
      <Avatar size={28} name={r.realname} color="colorful" image={r.avatar ? { src: r.avatar } : undefined} />
      <Link onClick={() => openResume(r.user_id)} className={x.nameLink}>
        {r.realname}
      </Link>
    </div>
  );

  const c = tRecruit.applies.cols;
  const applyRow = (r: ApplyItem & { hired_at?: string }) => (
    <TableRow key={r.id} data-testid="people-row">
      <TableCell>{person(r)}</TableCell>
      <TableCell>
        {r.gender} / {tRecruit.resume.ageText(r.age)}
      </TableCell>
      <TableCell>{r.education}</TableCell>
      <TableCell>{r.work_exp}</TableCell>
      <TableCell>
        {r.last_company || '—'}
        {r.last_job && <div className={s.small}>{r.last_job}</div>}
      </TableCell>
      <TableCell>{r.source}</TableCell>
      <TableCell className={s.small}>{(r.hired_at ?? r.applied_at).slice(0, 16)}</TableCell>
      <TableCell>
        <StatusBadge kind="apply" status={r.status} />
      </TableCell>
      <TableCell>
        <div className={s.actions}>
          <Button size="small" appearance="transparent" onClick={() => openResume(r.user_id)}>
            {tRecruit.applies.view}
          </Button>
          {(r.status === 'pending' || r.status === 'viewed') && (
            <Button size="small" appearance="transparent" onClick={() => openInvite({ id: r.id, type: 'intention' })} data-testid="people-invite">
              {tRecruit.applies.invite}
            </Button>
          )}
          {r.status !== 'hired' && r.status !== 'unsuitable' && (
            <Button size="small" appearance="transparent" onClick={() => setConfirm({ item: r, action: 'unsuitable' })}>
              {tRecruit.applies.unsuitable}
            </Button>
          )}
          {r.status !== 'hired' && (
            <Button size="small" appearance="transparent" onClick={() => setConfirm({ item: r, action: 'hire' })}>
              {tRecruit.applies.hire}
            </Button>
          )}
        </div>
      </TableCell>
    </TableRow>
  );
  // the list's states (failed with 重试, loading, empty, rows with a pager): shared/ui PagedTable
  const states = {
    label: tRecruit.applies.subNav[mode],
    testId: 'people-table',
    failed,
    failedText: tRecruit.position.loadFailed,
    onRetry: () => setReload((n) => n + 1),
    onPage: setPage,
    emptyText: mode === 'collection' ? tRecruit.applies.empty : mode === 'entry' ? tRecruit.applies.hiredEmpty : tRecruit.applies.invitedEmpty,
  };

  return (
    <div className={s.root}>
      <section className={s.panel}>
        <div className={s.head}>
          <TabList selectedValue={mode} onTabSelect={(_, d) => navigate(`/position/${String(d.value)}/${id}/${enc}`)} aria-label={title}>
            {(['collection', 'invite', 'entry'] as const).map((m) => (
              <Tab key={m} value={m}>
                {tRecruit.applies.subNav[m]}
              </Tab>
            ))}
          </TabList>
          <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={() => navigate('/position')}>
            {tRecruit.position.back}
          </Button>
        </div>
        <Text as="h1" size={500} weight="semibold" className={x.sub}>
          {data?.title ?? title}
        </Text>
        {mode === 'collection' && (
          <TabList size="small" selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as ApplyTab)} className={x.sub}>
            {APPLY_TABS.map((k) => (
              <Tab key={k} value={k}>
                {tRecruit.applies.tabs[k]}
              </Tab>
            ))}
          </TabList>
        )}
        {mode === 'invite' ? (
          invited
        ) : (
          <PagedTable
            {...states}
            headers={[c.name, c.basic, c.education, c.exp, c.last, c.source, mode === 'entry' ? tRecruit.applies.hiredAt : c.time, c.status, c.actions]}
            data={data}
            row={applyRow}
          />
        )}
      </section>
      <Dialog open={confirm !== null} onOpenChange={(_, d) => !d.open && setConfirm(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{tRecruit.position.confirmTitle}</DialogTitle>
            <DialogContent>{confirm?.action === 'hire' ? tRecruit.applies.confirmHire : tRecruit.applies.confirmUnsuitable}</DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirm(null)}>{tRecruit.position.cancel}</Button>
              <Button appearance="primary" onClick={() => void act()}>
                {tRecruit.position.confirm}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
