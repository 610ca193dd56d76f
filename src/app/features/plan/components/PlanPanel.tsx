import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import type { z } from 'zod';
import type { PlanDay } from '../../../../contract';
import { t } from '../../../shared/i18n/zh-CN';
import { EmptyState } from '../../../shared/ui';

type Day = z.infer<typeof PlanDay>;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  tabs: { overflowX: 'auto', scrollbarWidth: 'thin' },
});

export interface PlanPanelProps {
  /** GET /index/plan day_list; empty until the interview issue loads it */
  days: readonly Day[];
  selectedDate: string | null;
  onSelectDate: (date: string) => void;
}

/**
 * The body of the 面试安排 dropdown: day tabs (date label + count), then that day's interviews
 * grouped by time. The interview issue loads GET/POST /ent/v3/index/plan into it; until then it
 * shows an honest empty state.
 */
export function PlanPanel({ days, selectedDate, onSelectDate }: PlanPanelProps) {
  const s = useStyles();
  return (
    <div className={s.root}>
      {days.length > 0 && (
        <TabList
          className={s.tabs}
          size="small"
          selectedValue={selectedDate ?? days[0]?.date}
          onTabSelect={(_, d) => onSelectDate(String(d.value))}
          aria-label={t.plan.days}
        >
          {days.map((d) => (
            <Tab key={d.date} value={d.date}>
              {d.label}
            </Tab>
          ))}
        </TabList>
      )}
      <EmptyState compact text={t.plan.empty} description={t.plan.emptyHint} />
    </div>
  );
}
