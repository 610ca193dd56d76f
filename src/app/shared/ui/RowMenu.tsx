import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { tTable } from '../i18n/zh-CN.table';
import type { RowAction } from './row-action';

/**
 * The 更多 menu of a row (RowActions), loaded on its first click: Fluent's Menu is about 4 KB gzip
 * that a list page would otherwise fetch before it is usable, for a menu most visits never open.
 */
export default function RowMenu(p: { actions: readonly RowAction[]; open: boolean; onOpenChange: (open: boolean) => void; testId: string }) {
  const { actions, open, onOpenChange } = p;
  return (
    <Menu positioning="below-end" open={open} onOpenChange={(_, d) => onOpenChange(d.open)}>
      <MenuTrigger disableButtonEnhancement>
        <Button size="small" appearance="transparent" icon={<MoreHorizontalRegular />} iconPosition="after" data-testid={p.testId}>
          {tTable.more}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {actions.map((a) => (
            <MenuItem key={a.key} disabled={a.disabled} onClick={a.onClick} data-testid={a.testId}>
              {a.label}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
