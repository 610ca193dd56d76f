import { lazy, Suspense } from 'react';
import { makeStyles, Popover, PopoverSurface, PopoverTrigger, Spinner, tokens } from '@fluentui/react-components';
import { t } from '../shared/i18n/zh-CN';
import { sizes } from '../shared/theme';
import { useTriggerFocus, type DeferredDropdownProps } from './deferred';

// the day tabs and lists (the plan feature) load when the popover first opens
const PlanSurface = lazy(() => import('./PlanSurface'));

const useStyles = makeStyles({
  surface: { width: sizes.planWidth, padding: tokens.spacingVerticalM },
});

/** The 面试安排 popover around PlanDropdown's trigger; loaded after the layout has painted (deferred.tsx). */
export default function PlanPopover({ trigger, open, onOpenChange, focusTrigger }: DeferredDropdownProps) {
  const s = useStyles();
  const triggerRef = useTriggerFocus(focusTrigger);
  return (
    <Popover
      open={open}
      onOpenChange={(_, d) => onOpenChange(d.open)}
      positioning={{ position: 'below', align: 'end' }}
      // no trapFocus: Tabster's modalizer sent focus out of the popover (closing it) when a day tab was clicked
      trapFocus={false}
    >
      <PopoverTrigger disableButtonEnhancement>{trigger(triggerRef)}</PopoverTrigger>
      <PopoverSurface className={s.surface} aria-label={t.plan.title} data-testid="plan-popover">
        <Suspense fallback={<Spinner size="small" aria-label={t.state.loading} />}>
          <PlanSurface />
        </Suspense>
      </PopoverSurface>
    </Popover>
  );
}
