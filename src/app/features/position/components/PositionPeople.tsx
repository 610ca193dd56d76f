import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import {
  Avatar,
  Button,
  Checkbox,
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
import { openInvite, openResume, patchApply, recruitDialogs, type ResumeRow } from '../../../shared/dialogs/recruit';
import { requireMember } from '../../../shared/dialogs/store';
import { tRecruit } from '../../../shared/i18n/zh-CN.recruitment';
import { tReview } from '../../../shared/i18n/zh-CN.review';
import { pageAt, type PageAt } from '../../../shared/ui/Pager';
import { toast } from '../../../shared/lib/notify';
import { PagedTable } from '../../../shared/ui';
import { hire, listApplies, listHired, markUnsuitable } from '../api';
import { BatchBar } from './BatchBar';
import { StatusBadge } from './StatusBadge';
import { usePageStyles } from './styles';

const UnsuitableDialog = lazy(() => import('../../../shared/ui/UnsuitableDialog').then((m) => ({ default: m.UnsuitableDialog })));

export type PeopleMode = 'collection' | 'invite' | 'entry';
type ApplyTab = 'all' | 'pending' | 'viewed' | 'invited' | 'unsuitable' | 'hired';
const APPLY_TABS: ApplyTab[] = ['all', 'pending', 'viewed', 'invited', 'unsuitable', 'hired'];

const useStyles = makeStyles({
  person: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  sub: { marginBottom: tokens.spacingVerticalS },
  nameLink: { fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
});

type Data =
  | { kind: 'collection'; list: ApplyItem[]; total: number; total_more: boolean; page: number; page_size: number; title: string; next: string; prev: string }
  | {
      kind: 'entry';
      list: (ApplyItem & { hired_at: string })[];
      total: number;
      total_more: boolean;
      page: number;
      page_size: number;
      title: string;
      next: string;
      prev: string;
    };

/** The three lists of one position: 收到的简历, 邀请面试 and 已录用 (SPEC §2). */
/**
 * 邀请面试 is the interviews feature's table, handed in by its page as `invited`.
 */
export function PositionPeople({ mode, id, title, invited }: { mode: PeopleMode; id: number; title: string; invited?: ReactNode }) {
  const s = usePageStyles();
  const x = useStyles();
  const [, navigate] = useLocation();
  const { inviteSent, applyStatus } = useSnapshot(recruitDialogs);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [tab, setTab] = useState<ApplyTab>('all');
  // the page asked for: the next / previous one by the shown page's cursor (issue 34)
  const [at, setAt] = useState<PageAt>({ page: 1 });
  const [data, setData] = useState<Data | null>(null);
  const [failed, setFailed] = useState(false);
  const [reload, setReload] = useState(0);
  const [confirm, setConfirm] = useState<{ item: ApplyItem; action: 'unsuitable' | 'hire' } | null>(null);

  useEffect(() => setAt({ page: 1 }), [mode, tab, id]);
  useEffect(() => {
    let alive = true;
    setFailed(false);
    setData(null);
    // 邀请面试 is the interviews feature's own table (it loads its list)
    if (mode === 'invite') return;
    const p =
      mode === 'collection'
        ? listApplies(id, tab, at).then((d) => ({ kind: 'collection' as const, ...d }))
        : listHired(id, at).then((d) => ({ kind: 'entry' as const, ...d }));
    p.then(
      (d) => {
        if (!alive) return;
        setData(d);
        setSelected(new Set());
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [mode, id, tab, at, reload, inviteSent]);

  const act = async (why?: { reason: string; note: string }) => {
    const c = confirm;
    setConfirm(null);
    if (!c) return;
    if (c.action === 'hire' && !requireMember()) return;
    try {
      const { data: r, msg } = await (c.action === 'hire' ? hire(c.item.id) : markUnsuitable(c.item.id, why));
      toast('success', msg);
      patchApply(r.id, r.status);
    } catch {
      // shown by the request layer
    }
  };
  const statusOf = (r: { id: number; status: ApplyItem['status'] }) => applyStatus[r.id] ?? r.status;
  // the résumé dialog walks this page's rows (上一份/下一份) and acts on the open one
  const rows: ResumeRow[] = data ? data.list.map((r) => ({ candidate: r.user_id, apply: r.id, name: r.realname, title: data.title, status: statusOf(r) })) : [];
  const openRow = (candidate: number, apply?: number) => {
    const index = rows.findIndex((x) => x.apply === apply);
    openResume(candidate, index >= 0 ? { rows, index } : undefined);
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const pageIds = data?.kind === 'collection' ? data.list.map((r) => r.id) : [];
  const allOn = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someOn = pageIds.some((id) => selected.has(id));

  const enc = encodeURIComponent(title);
  const person = (r: { user_id: number; realname: string; avatar: string }, apply?: number) => (
    <div className={x.person}>
      <Avatar size={28} name={r.realname} color="colorful" image={r.avatar ? { src: r.avatar } : undefined} />
      <Link onClick={() => openRow(r.user_id, apply)} className={x.nameLink}>
        {r.realname}
      </Link>
    </div>
  );

  const c = tRecruit.applies.cols;
  const applyRow = (r: ApplyItem & { hired_at?: string }) => {
    const st = statusOf(r);
    return (
      <TableRow key={r.id} data-testid="people-row">
        {mode === 'collection' && (
          <TableCell>
            <Checkbox
              checked={selected.has(r.id)}
              onChange={(_, d) => toggle(r.id, d.checked === true)}
              aria-label={tReview.selectRow(r.realname)}
              data-testid="people-check"
            />
          </TableCell>
        )}
        <TableCell>{person(r, r.id)}</TableCell>
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
          <StatusBadge kind="apply" status={st} />
        </TableCell>
        <TableCell>
          <div className={s.actions}>
            <Button size="small" appearance="transparent" onClick={() => openRow(r.user_id, r.id)}>
              {tRecruit.applies.view}
            </Button>
            {(st === 'pending' || st === 'viewed') && (
              <Button size="small" appearance="transparent" onClick={() => openInvite({ id: r.id, type: 'intention' })} data-testid="people-invite">
                {tRecruit.applies.invite}
              </Button>
            )}
            {st !== 'hired' && st !== 'unsuitable' && (
              <Button size="small" appearance="transparent" onClick={() => setConfirm({ item: r, action: 'unsuitable' })}>
                {tRecruit.applies.unsuitable}
              </Button>
            )}
            {st !== 'hired' && (
              <Button size="small" appearance="transparent" onClick={() => setConfirm({ item: r, action: 'hire' })}>
                {tRecruit.applies.hire}
              </Button>
            )}
          </div>
        </TableCell>
      </TableRow>
    );
  };
  // the list's states (failed with 重试, loading, empty, rows with a pager): shared/ui PagedTable
  const states = {
    label: tRecruit.applies.subNav[mode],
    testId: 'people-table',
    failed,
    failedText: tRecruit.position.loadFailed,
    onRetry: () => setReload((n) => n + 1),
    onPage: (p: number) => setAt(pageAt(p, data)),
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
        {mode === 'collection' && data?.kind === 'collection' && data.list.length > 0 && (
          <BatchBar
            positionId={id}
            tab={tab}
            selected={[...selected]}
            names={new Map(data.list.map((r) => [r.id, r.realname]))}
            onDone={(r) => {
              for (const d of r.done) patchApply(d.id, d.status);
              setSelected(new Set());
            }}
          />
        )}
        {mode === 'invite' ? (
          invited
        ) : (
          <PagedTable
            {...states}
            headers={[
              ...(mode === 'collection'
                ? [
                    <Checkbox
                      key="all"
                      checked={allOn ? true : someOn ? 'mixed' : false}
                      onChange={(_, d) => setSelected(d.checked === true ? new Set(pageIds) : new Set())}
                      aria-label={tReview.selectAll}
                      data-testid="people-check-all"
                    />,
                  ]
                : []),
              c.name,
              c.basic,
              c.education,
              c.exp,
              c.last,
              c.source,
              mode === 'entry' ? tRecruit.applies.hiredAt : c.time,
              c.status,
              c.actions,
            ]}
            data={data}
            row={applyRow}
          />
        )}
      </section>
      <Suspense fallback={null}>
        {confirm?.action === 'unsuitable' && <UnsuitableDialog open onCancel={() => setConfirm(null)} onConfirm={(why) => void act(why)} />}
      </Suspense>
      <Dialog open={confirm?.action === 'hire'} onOpenChange={(_, d) => !d.open && setConfirm(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{tRecruit.position.confirmTitle}</DialogTitle>
            <DialogContent>{tRecruit.applies.confirmHire}</DialogContent>
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
