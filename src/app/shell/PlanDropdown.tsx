import { useState, type Ref } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { CalendarClockRegular, ChevronDownRegular } from '@fluentui/react-icons';
import { requireMember } from '../shared/dialogs/store';
import { t } from '../shared/i18n/zh-CN';
import { media } from '../shared/theme';
import { deferred, DeferredDropdown, type TriggerHandlers } from './deferred';

const popover = deferred(() => import('./PlanPopover'));

const useStyles = makeStyles({
  chevron: { marginLeft: tokens.spacingHorizontalXS, [media.phone]: { display: 'none' } },
  label: { [media.compact]: { display: 'none' } },
});

/**
 * 面试安排 (SPEC §2): a members-only dropdown; opening it runs the role prompt first (SPEC §6).
 * The popover (PlanPopover) loads after the layout has painted, or when the user points at the
 * trigger; a click before it has arrived opens it as soon as it does.
 */
export function PlanDropdown() {
  const s = useStyles();
  const [open, setOpen] = useState(false);
  const change = (next: boolean) => {
    if (next && !requireMember()) return;
    setOpen(next);
  };

  const trigger = (ref?: Ref<HTMLButtonElement>, extra?: TriggerHandlers) => (
    <Button ref={ref} {...extra} appearance="subtle" icon={<CalendarClockRegular />} data-testid="plan-trigger" aria-expanded={open} aria-label={t.nav.plan}>
      <span className={s.label}>{t.nav.plan}</span>
      <ChevronDownRegular className={s.chevron} aria-hidden />
    </Button>
  );

  return <DeferredDropdown module={popover} trigger={trigger} open={open} onOpenChange={change} />;
}
