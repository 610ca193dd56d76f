import {
  Button,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
  tokens,
  useIsOverflowItemVisible,
  useOverflowMenu,
} from '@fluentui/react-components';
import { CheckmarkRegular, ChevronDownRegular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import { t } from '../shared/i18n/zh-CN';
import type { NavItem } from './navItems';

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

/** One entry of the 更多 menu: shown only while its nav link has overflowed. */
function MoreItem({ item, active, go }: { item: NavItem; active: boolean; go: (href: string) => void }) {
  const visible = useIsOverflowItemVisible(item.name);
  if (visible) return null;
  return (
    <MenuItem
      icon={active ? <CheckmarkRegular /> : undefined}
      aria-current={active ? 'page' : undefined}
      onClick={() => go(item.href)}
      data-testid={`nav-more-${item.name}`}
    >
      {item.label}
    </MenuItem>
  );
}

/**
 * 更多: the nav entries that do not fit the bar (tablets, narrow windows) in a menu, so every
 * entry stays reachable. It renders nothing while everything fits.
 */
export function NavMore({ items, activeName }: { items: NavItem[]; activeName: string }) {
  const s = useStyles();
  const [, navigate] = useLocation();
  const { ref, isOverflowing } = useOverflowMenu<HTMLLIElement>();
  const activeVisible = useIsOverflowItemVisible(activeName);
  const activeHidden = items.some((i) => i.name === activeName) && !activeVisible;
  if (!isOverflowing) return null;
  return (
    <li ref={ref} className={s.li}>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="transparent"
            className={mergeClasses(s.trigger, activeHidden && s.active)}
            icon={<ChevronDownRegular />}
            iconPosition="after"
            data-testid="nav-more"
          >
            {t.nav.more}
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {items.map((item) => (
              <MoreItem key={item.name} item={item} active={item.name === activeName} go={navigate} />
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
    </li>
  );
}
