import { Suspense, useEffect, useState } from 'react';
import { Avatar, Badge, Button, Link, TableCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import { useSnapshot } from 'valtio';
import type { InterviewItem } from '../../../../contract';
import { INTERVIEW_STATUS } from '../../../../contract/vocab';
import { openResume, recruitDialogs } from '../../../shared/dialogs/recruit';
import { tInterview } from '../../../shared/i18n/zh-CN.interviews';
import { INTERVIEW_COLORS, statusColor } from '../../../shared/ui/status-colors';
import { tRecruit } from '../../../shared/i18n/zh-CN.recruitment';
import { lazyChunk } from '../../../shared/lib/chunks';
import { PagedTable, RowActions } from '../../../shared/ui';
import { pageAt, type PageAt } from '../../../shared/ui/Pager';
import { listInterviews } from '../api';
import { rowActions, type RowAction } from '../lib/row-actions';
import type { Pending } from './MoveDialogs';

// the dialogs (their fields and the scorecard) load when a move is first chosen
const MoveDialog = lazyChunk(() => import('./MoveDialogs').then((m) => ({ default: m.MoveDialog })));
const CriteriaDialog = lazyChunk(() => import('./CriteriaDialog').then((m) => ({ default: m.CriteriaDialog })));

const T = tInterview;
const LABEL = Object.fromEntries(INTERVIEW_STATUS.map((x) => [x.code, x.label]));

const useStyles = makeStyles({
  person: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  nameLink: { fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  small: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  nowrap: { whiteSpace: 'nowrap' },
  state: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
  tools: { display: 'flex', justifyContent: 'flex-end', marginBottom: tokens.spacingVerticalS },
  // a long address wraps instead of pushing 状态 and 操作 out of a 768 px screen
  address: { minWidth: '8em', maxWidth: '12em' },
  // the 操作 column stays in view at the right while the rest scrolls under it (as the 离职 lists)
  stickyActions: {
    '& [data-table-scroll] tr > :last-child': {
      position: 'sticky',
      right: 0,
      zIndex: 1,
      backgroundColor: tokens.colorNeutralBackground1,
      boxShadow: `inset 1px 0 0 ${tokens.colorNeutralStroke2}`,
    },
    '& [data-table-scroll] tbody tr:hover > :last-child': { backgroundColor: tokens.colorSubtleBackgroundHover },
  },
});

/**
 * 邀请面试 of one position (SPEC §2, issue 32 item 1): each interview's state, and the moves its
 * state allows (the server's `actions`) — two as buttons, the rest under 更多 — opening a dialog.
 */
export function InterviewTable({ positionId, label }: { positionId: number; label: string }) {
  const s = useStyles();
  const { inviteSent } = useSnapshot(recruitDialogs);
  // the page asked for: the next / previous one by the shown page's cursor (issue 34)
  const [at, setAt] = useState<PageAt>({ page: 1 });
  const [data, setData] = useState<Awaited<ReturnType<typeof listInterviews>> | null>(null);
  const [failed, setFailed] = useState(false);
  const [reload, setReload] = useState(0);
  const [move, setMove] = useState<Pending | null>(null);
  const [criteriaOpen, setCriteriaOpen] = useState(false);

  useEffect(() => {
    let alive = true;
    setFailed(false);
    listInterviews(positionId, at).then(
      (d) => alive && setData(d),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [positionId, at, reload, inviteSent]);

  const choose = (action: RowAction, item: InterviewItem) => setMove({ action, item });
  const label_ = (a: RowAction) => (a === 'hire' ? T.hire : T.actions[a]);
  const c = tRecruit.applies.cols;
  const ic = tRecruit.applies.invitedCols;

  const row = (r: InterviewItem) => {
    const { shown, more } = rowActions(r);
    return (
      <TableRow key={r.id} data-testid="people-row" data-state={r.status}>
        <TableCell>
          <div className={s.person}>
            <Avatar size={28} name={r.realname} color="colorful" image={r.avatar ? { src: r.avatar } : undefined} />
            <Link onClick={() => openResume(r.user_id)} className={s.nameLink}>
              {r.realname}
            </Link>
          </div>
          <div className={s.small}>
            {r.gender} / {tRecruit.resume.ageText(r.age)}
          </div>
        </TableCell>
        <TableCell>
          <div className={s.state}>
            <Badge appearance="tint" color={statusColor(INTERVIEW_COLORS, r.status)} data-status={r.status}>
              {LABEL[r.status] ?? r.status}
            </Badge>
            {r.verdict && <span className={s.small}>{T.verdictOf(T.verdict[r.verdict])}</span>}
            {r.application_status === 'hired' && <span className={s.small}>{T.hired}</span>}
            {r.reason && (r.status === 'canceled' || r.status === 'pending') && <span className={s.small}>{T.reasonOf(r.reason)}</span>}
          </div>
        </TableCell>
        <TableCell className={s.nowrap}>
          {r.pick_time.slice(0, 16)}
          <div className={s.small}>
            {ic.sent} {r.sent_at.slice(5, 16)}
          </div>
        </TableCell>
        <TableCell>
          <div className={s.address}>
            {r.address}
            {r.remark && <div className={s.small}>{r.remark}</div>}
          </div>
        </TableCell>
        <TableCell>
          {r.contacts_name}
          <div className={s.small}>{r.contacts_tel}</div>
        </TableCell>
        <TableCell>
          <RowActions
            shown={shown.length}
            moreTestId="interview-more"
            actions={[...shown, ...more].map((a) => ({ key: a, label: label_(a), onClick: () => choose(a, r), testId: `interview-${a}` }))}
          />
        </TableCell>
      </TableRow>
    );
  };

  return (
    <>
      <div className={s.tools}>
        <Button size="small" onClick={() => setCriteriaOpen(true)} data-testid="criteria-open">
          {T.criteria.open}
        </Button>
      </div>
      <div className={s.stickyActions}>
        <PagedTable
          label={label}
          testId="people-table"
          failed={failed}
          failedText={tRecruit.position.loadFailed}
          onRetry={() => setReload((n) => n + 1)}
          onPage={(n) => setAt(pageAt(n, data))}
          emptyText={tRecruit.applies.invitedEmpty}
          headers={[c.name, T.cols.state, ic.time, ic.place, ic.contact, T.cols.actions]}
          data={data}
          row={row}
        />
      </div>
      <Suspense fallback={null}>
        {move && (
          <MoveDialog
            move={move}
            onClose={() => setMove(null)}
            onDone={() => {
              setMove(null);
              setReload((n) => n + 1);
            }}
          />
        )}
        {criteriaOpen && <CriteriaDialog onClose={() => setCriteriaOpen(false)} />}
      </Suspense>
    </>
  );
}
