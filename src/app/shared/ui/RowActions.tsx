import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, makeStyles, tokens } from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { tTable } from '../i18n/zh-CN.table';

/** One action of a row: its words, what it does, and its test id (kept when it moves under 更多). */
export interface RowAction {
  key: string;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
}

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
});

/**
 * A row's actions (issue 33): the first `shown` as buttons, the others under 更多 — a row stays
 * one line high and its 操作 column narrow enough to stay pinned in view. Order them by use.
 */
export function RowActions({ actions, shown = 2 }: { actions: readonly RowAction[]; shown?: number }) {
  const s = useStyles();
  const cut = actions.length <= shown ? actions.length : shown;
  const rest = actions.slice(cut);
  return (
    <div className={s.root}>
      {actions.slice(0, cut).map((a) => (
        <Button key={a.key} size="small" appearance="transparent" disabled={a.disabled} onClick={a.onClick} data-testid={a.testId}>
          {a.label}
        </Button>
      ))}
      {rest.length > 0 && (
        <Menu positioning="below-end">
          <MenuTrigger disableButtonEnhancement>
            <Button size="small" appearance="transparent" icon={<MoreHorizontalRegular />} iconPosition="after" data-testid="row-more">
              {tTable.more}
            </Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {rest.map((a) => (
                <MenuItem key={a.key} disabled={a.disabled} onClick={a.onClick} data-testid={a.testId}>
                  {a.label}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      )}
    </div>
  );
}
