import { lazy, Suspense, useState } from 'react';
import { Button, makeStyles, Popover, PopoverSurface, PopoverTrigger, Spinner, tokens } from '@fluentui/react-components';
import { CalendarClockRegular, ChevronDownRegular } from '@fluentui/react-icons';
import { requireMember } from '../shared/dialogs/store';
import { t } from '../shared/i18n/zh-CN';
import { media, sizes } from '../shared/theme';

const PlanSurface = lazy(() => import('./PlanSurface'));

const useStyles = makeStyles({
  surface: { width: sizes.planWidth, padding: tokens.spacingVerticalM },
  chevron: { marginLeft: tokens.spacingHorizontalXS, [media.phone]: { display: 'none' } },
  label: { [media.phone]: { display: 'none' } },
});

/** 面试安排 (SPEC §2): a members-only dropdown; opening it runs the role prompt first (SPEC §6). */
export function PlanDropdown() {
  const s = useStyles();
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={(_, d) => {
        if (d.open && !requireMember()) return;
        setOpen(d.open);
      }}
      positioning={{ position: 'below', align: 'end' }}
      // no trapFocus: Tabster's modalizer sent focus out of the popover (closing it) when a day tab was clicked
      trapFocus={false}
    >
      <PopoverTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<CalendarClockRegular />} data-testid="plan-trigger" aria-expanded={open} aria-label={t.nav.plan}>
          <span className={s.label}>{t.nav.plan}</span>
          <ChevronDownRegular className={s.chevron} aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverSurface className={s.surface} aria-label={t.plan.title} data-testid="plan-popover">
        <Suspense fallback={<Spinner size="small" />}>
          <PlanSurface />
        </Suspense>
      </PopoverSurface>
    </Popover>
  );
}
