import { Button, Card, makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import {
  CalendarClockRegular,
  ChevronRightRegular,
  DocumentCheckmarkRegular,
  DocumentPersonRegular,
  DoorArrowLeftRegular,
  MoneyRegular,
  PeopleTeamRegular,
  ReceiptMoneyRegular,
  ReceiptRegular,
  SignatureRegular,
  TaskListLtrRegular,
} from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { t } from '../../../shared/i18n/zh-CN';
import { session, useLacks } from '../../../shared/session';
import { tHome } from '../../../shared/i18n/zh-CN.home';
import type { TodoKey } from '../../../../contract/home';
import type { Permission } from '../../../../contract/roles';
import { useCardStyles } from './styles';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    width: '100%',
    justifyContent: 'flex-start',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    fontWeight: tokens.fontWeightRegular,
  },
  icon: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: tokens.spacingHorizontalXXXL,
    height: tokens.spacingHorizontalXXXL,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
    fontSize: tokens.fontSizeBase500,
    flexShrink: 0,
  },
  label: { flexGrow: 1, textAlign: 'start' },
  count: { fontSize: tokens.fontSizeBase600, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  hot: { color: tokens.colorPaletteRedForeground1 },
  chevron: { color: tokens.colorNeutralForeground3 },
});

function TodoItem({ icon, label, count, href, testId }: { icon: ReactNode; label: string; count: number | null; href: string; testId: string }) {
  const s = useStyles();
  const [, navigate] = useLocation();
  return (
    <li>
      <Button appearance="subtle" className={s.item} onClick={() => navigate(href)} data-testid={testId}>
        <span className={s.icon} aria-hidden>
          {icon}
        </span>
        <span className={s.label}>{label}</span>
        {count === null ? (
          <Spinner size="extra-tiny" aria-label={t.home.todoLoading} />
        ) : (
          <span className={mergeClasses(s.count, count > 0 && s.hot)}>{count}</span>
        )}
        <ChevronRightRegular className={s.chevron} aria-hidden />
      </Button>
    </li>
  );
}

// perm: what the list it opens needs; a colleague whose roles do not allow it does not see the item (issue 27)
const TODOS: { key: TodoKey; icon: ReactNode; href: string; perm: Permission }[] = [
  { key: 'resumes', icon: <DocumentPersonRegular />, href: '/position?todo=resumes', perm: 'recruit' },
  { key: 'interviews', icon: <CalendarClockRegular />, href: '/position?todo=interviews', perm: 'recruit' },
  { key: 'requests', icon: <DoorArrowLeftRegular />, href: '/dimission?tab=requests&status=pending', perm: 'hr' },
  { key: 'proofs', icon: <DocumentCheckmarkRegular />, href: '/dimission?tab=proofs&status=draft', perm: 'hr' },
  { key: 'unsigned', icon: <SignatureRegular />, href: '/employment?todo=unsigned', perm: 'hr' },
  { key: 'batches', icon: <MoneyRegular />, href: '/employment?todo=batches', perm: 'hr' },
  { key: 'orders', icon: <ReceiptRegular />, href: '/account?id=membership', perm: 'admin' },
  // the tax service's list, 待支付 only; shown to companies with the tax service (the route's own guard)
  { key: 'tax_orders', icon: <ReceiptMoneyRegular />, href: '/payTaxes/list?status=unpaid', perm: 'finance' },
];

/** 待办事项: one card per area's to-do (GET /index/summary) opening its filtered list, and 待审核同事. */
export function TodoCard({ todos, failed, onRetry }: { todos: Record<TodoKey, number> | null; failed: boolean; onRetry: () => void }) {
  const s = useStyles();
  const c = useCardStyles();
  const { member } = useSnapshot(session);
  const lacks = useLacks();
  return (
    <Card className={c.card} data-testid="todo-card">
      <div className={c.head}>
        <Text weight="semibold" className={c.title}>
          <TaskListLtrRegular className={c.titleIcon} aria-hidden />
          {t.home.todo}
        </Text>
        {failed && (
          <Button size="small" appearance="transparent" onClick={onRetry}>
            {tHome.todoFailed}，{tHome.retry}
          </Button>
        )}
      </div>
      <ul className={s.list}>
        {TODOS.filter((x) => (x.key !== 'tax_orders' || member?.is_pay_taxe) && !lacks(x.perm)).map((x) => (
          <TodoItem key={x.key} icon={x.icon} label={tHome.todo[x.key]} count={todos ? todos[x.key] : null} href={x.href} testId={`todo-${x.key}`} />
        ))}
        <TodoItem
          icon={<PeopleTeamRegular />}
          label={t.home.todoColleagues}
          count={member ? member.check_num : null}
          href="/account?id=colleagues"
          testId="todo-colleagues"
        />
      </ul>
    </Card>
  );
}
