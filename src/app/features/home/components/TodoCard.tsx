import { Button, Card, makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { ChevronRightRegular, DoorArrowLeftRegular, PeopleTeamRegular, TaskListLtrRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { t } from '../../../shared/i18n/zh-CN';
import { notices, session } from '../../../shared/session';
import { useCardStyles } from './styles';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
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
        <span className={s.label}>
          {label}
        </span>
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

/** 待办事项: the two counts the console has — resignation requests to review, colleagues to check. */
export function TodoCard() {
  const s = useStyles();
  const c = useCardStyles();
  const { urgeTotal } = useSnapshot(notices);
  const { member } = useSnapshot(session);
  return (
    <Card className={c.card} data-testid="todo-card">
      <div className={c.head}>
        <Text weight="semibold" className={c.title}>
          <TaskListLtrRegular className={c.titleIcon} aria-hidden />
          {t.home.todo}
        </Text>
      </div>
      <ul className={s.list}>
        <TodoItem
          icon={<DoorArrowLeftRegular />}
          label={t.home.todoUrge}
          count={urgeTotal}
          href="/dimission"
          testId="todo-urge"
        />
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
