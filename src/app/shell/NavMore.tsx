import { useState, type Ref } from 'react';
import { Button, makeStyles, mergeClasses, tokens, useIsOverflowItemVisible, useOverflowMenu } from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';
import { t } from '../shared/i18n/zh-CN';
import { deferred, DeferredDropdown, type TriggerHandlers } from './deferred';
import type { NavItem } from './navItems';

// the menu (Fluent Menu, Tabster, positioning) loads after the layout has painted (deferred.tsx)
const menu = deferred(() => import('./NavMoreMenu'));

const useStyles = makeStyles({
  trigger: {
    alignSelf: 'stretch',
    height: 'auto',
    minWidth: 0,
    borderRadius: 0,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightRegular,
    color: tokens.colorNeutralForeground2,
    whiteSpace: 'nowrap',
    borderBottom: `${tokens.strokeWidthThicker} solid transparent`,
    borderTop: `${tokens.strokeWidthThicker} solid transparent`,
  },
  active: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold, borderBottomColor: tokens.colorBrandStroke1 },
  li: { display: 'flex' },
});

/**
 * 更多: the nav entries that do not fit the bar (tablets, narrow windows) in a menu, so every
 * entry stays reachable. It renders nothing while everything fits. The trigger is painted here;
 * the menu (NavMoreMenu) replaces it once loaded, like the user menu.
 */
export function NavMore({ items, activeName }: { items: NavItem[]; activeName: string }) {
  const s = useStyles();
  const [open, setOpen] = useState(false);
  const { ref, isOverflowing } = useOverflowMenu<HTMLLIElement>();
  const activeVisible = useIsOverflowItemVisible(activeName);
  const activeHidden = items.some((i) => i.name === activeName) && !activeVisible;
  if (!isOverflowing) return null;
  const trigger = (triggerRef?: Ref<HTMLButtonElement>, extra?: TriggerHandlers) => (
    <Button
      ref={triggerRef}
      {...extra}
      appearance="transparent"
      className={mergeClasses(s.trigger, activeHidden && s.active)}
      icon={<ChevronDownRegular />}
      iconPosition="after"
      aria-haspopup="menu"
      data-testid="nav-more"
    >
      {t.nav.more}
    </Button>
  );
  return (
    <li ref={ref} className={s.li}>
      <DeferredDropdown module={menu} trigger={trigger} open={open} onOpenChange={setOpen} props={{ items, activeName }} />
    </li>
  );
}
