import { useEffect, useState } from 'react';
import { Button, CounterBadge, Link, makeStyles, mergeClasses, Spinner, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import type { z } from 'zod';
import type { PlanDay, PlanListData } from '../../../../contract';
import { INTERVIEW_STATUS } from '../../../../contract/vocab';
import { openResume } from '../../../shared/dialogs/recruit';
import { t } from '../../../shared/i18n/zh-CN';
import { tRecruit } from '../../../shared/i18n/zh-CN.recruitment';
import { useLacks } from '../../../shared/session';
import { EmptyState } from '../../../shared/ui';
import { loadPlanDay, loadPlanDays } from '../api';
import { badgeText, initialDay, PLAN_BADGE_MAX, PLAN_VISIBLE_DAYS, planScrolls, shortDate } from '../lib/plan';

type Day = z.infer<typeof PlanDay>;
type DayList = z.infer<typeof PlanListData>['list'];

// one date row is about 3.25em high; more than 7 dates scroll (SPEC §9)
const ROW = 3.25;

const useStyles = makeStyles({
  root: { display: 'flex', gap: tokens.spacingHorizontalM, minHeight: '10em' },
  days: { flexShrink: 0, borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, paddingRight: tokens.spacingHorizontalXS },
  scroll: { maxHeight: `${PLAN_VISIBLE_DAYS * ROW}em`, overflowY: 'auto', scrollbarWidth: 'thin' },
  tab: { minHeight: `${ROW}em` },
  tabRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  tabText: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', lineHeight: tokens.lineHeightBase200 },
  label: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  list: { flexGrow: 1, minWidth: 0, maxHeight: `${PLAN_VISIBLE_DAYS * ROW}em`, overflowY: 'auto' },
  group: { marginBottom: tokens.spacingVerticalS },
  groupTitle: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, marginBottom: tokens.spacingVerticalXXS },
  entry: { display: 'grid', gridTemplateColumns: 'auto 1fr auto', columnGap: tokens.spacingHorizontalS, padding: `${tokens.spacingVerticalXXS} 0` },
  state: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  hour: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  job: {
    gridColumn: 2,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  center: {
    flexGrow: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: tokens.colorNeutralForeground3,
    gap: tokens.spacingHorizontalS,
  },
});

let remembered: string | null = null;
const STATE_LABEL: Record<string, string> = Object.fromEntries(INTERVIEW_STATUS.map((x) => [x.code, x.label]));

/**
 * The body of the 面试安排 dropdown (SPEC §2, §4, §9): `GET index/plan` day tabs (date, label,
 * count badge up to 10, scrolling after 7 dates); choosing a day posts the date and shows that
 * day's interviews grouped by time (hour, name, state, job). A name opens the resume.
 */
export function PlanPanel() {
  const s = useStyles();
  const noResume = useLacks()('recruit');
  const [days, setDays] = useState<Day[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [date, setDate] = useState<string | null>(null);
  const [list, setList] = useState<DayList | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    setFailed(false);
    loadPlanDays().then(
      (d) => {
        if (!alive) return;
        setDays(d.day_list);
        setDate(initialDay(d.day_list, remembered));
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [attempt]);

  useEffect(() => {
    if (!date) return;
    let alive = true;
    remembered = date;
    setList(null);
    loadPlanDay(date).then(
      (d) => alive && setList(d.list),
      () => alive && setList({}),
    );
    return () => {
      alive = false;
    };
  }, [date]);

  if (failed)
    return (
      <div className={s.center} data-testid="plan-panel">
        {tRecruit.planPanel.loadFailed}
        <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
          {tRecruit.planPanel.retry}
        </Button>
      </div>
    );
  if (!days)
    return (
      <div className={s.center} data-testid="plan-panel">
        <Spinner size="tiny" label={t.state.loading} />
      </div>
    );
  if (days.length === 0)
    return (
      <div data-testid="plan-panel">
        <EmptyState compact text={t.plan.empty} description={t.plan.emptyHint} />
      </div>
    );

  const groups = list ? Object.entries(list) : [];
  return (
    <div className={s.root} data-testid="plan-panel">
      <div className={mergeClasses(s.days, planScrolls(days.length) && s.scroll)} data-testid="plan-days">
        <TabList vertical size="small" selectedValue={date} onTabSelect={(_, d) => setDate(String(d.value))} aria-label={t.plan.days}>
          {days.map((d) => (
            <Tab key={d.date} value={d.date} className={s.tab} data-testid={`plan-day-${d.date}`}>
              <span className={s.tabRow}>
                <span className={s.tabText}>
                  <span>{shortDate(d.date)}</span>
                  <span className={s.label}>{d.label}</span>
                </span>
                <CounterBadge
                  count={d.num}
                  overflowCount={PLAN_BADGE_MAX}
                  size="small"
                  appearance="filled"
                  color="brand"
                  aria-label={tRecruit.planPanel.count(d.num)}
                >
                  {badgeText(d.num)}
                </CounterBadge>
              </span>
            </Tab>
          ))}
        </TabList>
      </div>
      <div className={s.list} data-testid="plan-list">
        {!list ? (
          <div className={s.center}>
            <Spinner size="tiny" aria-label={t.state.loading} />
          </div>
        ) : groups.length === 0 ? (
          <div className={s.center}>{tRecruit.inviteForm.scheduleEmpty}</div>
        ) : (
          groups.map(([group, entries]) => (
            <section key={group} className={s.group}>
              <div className={s.groupTitle}>{group}</div>
              {entries.map((e, i) => (
                <div key={`${e.user_id}-${e.hour}-${i}`} className={s.entry}>
                  <span className={s.hour}>{e.hour}</span>
                  {/* the résumé is the recruiters' (issue 27): the others see the name only */}
                  {noResume ? (
                    <Text>{e.realname}</Text>
                  ) : (
                    <Link onClick={() => openResume(e.user_id)}>
                      <Text>{e.realname}</Text>
                    </Link>
                  )}
                  <span className={s.state} data-state={e.status}>
                    {STATE_LABEL[e.status] ?? ''}
                  </span>
                  <span className={s.job}>{e.job_name}</span>
                </div>
              ))}
            </section>
          ))
        )}
      </div>
    </div>
  );
}
