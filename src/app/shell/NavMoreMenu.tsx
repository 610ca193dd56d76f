import { Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, useIsOverflowItemVisible } from '@fluentui/react-components';
import { CheckmarkRegular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import { useTriggerFocus, type DeferredDropdownProps } from './deferred';
import type { NavItem } from './navItems';

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
 * The 更多 menu itself (Fluent Menu, with Tabster and positioning): loaded after the layout has
 * painted or when the user reaches for the trigger (deferred.tsx); NavMore.tsx paints the trigger.
 */
export default function NavMoreMenu({
  trigger,
  open,
  onOpenChange,
  focusTrigger,
  items,
  activeName,
}: DeferredDropdownProps & { items: NavItem[]; activeName: string }) {
  const triggerRef = useTriggerFocus(focusTrigger);
  const [, navigate] = useLocation();
  return (
    <Menu open={open} onOpenChange={(_, d) => onOpenChange(d.open)}>
      <MenuTrigger disableButtonEnhancement>{trigger(triggerRef)}</MenuTrigger>
      <MenuPopover>
        <MenuList>
          {items.map((item) => (
            <MoreItem
              key={item.name}
              item={item}
              active={item.name === activeName}
              go={(href) => {
                onOpenChange(false);
                navigate(href);
              }}
            />
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
