import { Link, Tooltip } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import type { PositionItem } from '../../../../contract';
import { tRecruit } from '../../../shared/i18n/zh-CN.recruitment';
import type { Column } from '../../../shared/ui';
import { StatusBadge } from './StatusBadge';
import { usePageStyles } from './styles';

const enc = (s: string) => encodeURIComponent(s);

/**
 * The columns of 全职招聘's list (shared/ui ListTable): on a tablet the place, requirements,
 * headcount, invitations, hires and update time go to a row's 详情 (issue 33: at 768 px the table
 * was 1012 px in 704 and 操作 off-screen).
 */
export function usePositionColumns(): Column<PositionItem>[] {
  const s = usePageStyles();
  const [, navigate] = useLocation();
  const C = tRecruit.position.cols;
  return [
    {
      key: 'title',
      header: C.title,
      cell: (p) => (
        <>
          <div className={s.name}>{p.title}</div>
          <div className={s.small}>
            {p.category} · {p.publisher}
          </div>
        </>
      ),
    },
    { key: 'place', header: C.place, cell: (p) => `${p.city} · ${p.district}`, nowrap: true, priority: 'secondary' },
    { key: 'salary', header: C.salary, cell: (p) => p.salary, nowrap: true },
    { key: 'require', header: C.require, cell: (p) => `${p.experience} / ${p.education}`, priority: 'secondary' },
    { key: 'headcount', header: C.headcount, cell: (p) => tRecruit.position.people(p.headcount), nowrap: true, priority: 'secondary' },
    {
      key: 'applies',
      header: C.applies,
      nowrap: true,
      cell: (p) => (
        <>
          <Link onClick={() => navigate(`/position/collection/${p.id}/${enc(p.title)}`)} data-testid="position-applies">
            {p.apply_num}
          </Link>
          {p.new_num > 0 && <div className={s.small}>{tRecruit.position.newApplies(p.new_num)}</div>}
        </>
      ),
    },
    {
      key: 'invites',
      header: C.invites,
      priority: 'secondary',
      cell: (p) => (
        <Link onClick={() => navigate(`/position/invite/${p.id}/${enc(p.title)}`)} data-testid="position-invites">
          {p.invite_num}
        </Link>
      ),
    },
    {
      key: 'hired',
      header: C.hired,
      priority: 'secondary',
      cell: (p) => (
        <Link onClick={() => navigate(`/position/entry/${p.id}/${enc(p.title)}`)} data-testid="position-hired">
          {p.hired_num}
        </Link>
      ),
    },
    {
      key: 'status',
      header: C.status,
      nowrap: true,
      cell: (p) =>
        p.status === 'rejected' ? (
          <Tooltip content={tRecruit.position.rejectReason(p.reject_reason)} relationship="description">
            <span>
              <StatusBadge kind="position" status={p.status} />
            </span>
          </Tooltip>
        ) : (
          <StatusBadge kind="position" status={p.status} />
        ),
    },
    { key: 'updated', header: C.updated, cell: (p) => p.updated_at.slice(0, 16), nowrap: true, priority: 'secondary', className: s.small },
  ];
}
