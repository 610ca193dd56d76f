import { useEffect, useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Text,
  tokens,
} from '@fluentui/react-components';
import { normalRoles, ROLES, type Colleague, type Role } from '../../../../contract';
import { tAccounts } from '../../../shared/i18n/zh-CN.accounts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  role: { display: 'flex', flexDirection: 'column' },
  hint: { color: tokens.colorNeutralForeground3, paddingLeft: '32px' },
});

/** The roles as their Chinese labels, e.g. 财务、招聘、成员. */
export const roleText = (roles: readonly Role[]) => {
  const c = tAccounts.account.colleagues;
  return roles.map((r) => c.roleLabels[r]).join(c.roleSep);
};

/**
 * 设置角色 (admins): a checkbox per role (成员 always held), then 确认变更 with the change spelled out
 * before → after; saving is the caller's.
 */
export function RoleDialog(props: { colleague: Colleague | null; busy: boolean; onCancel(): void; onSave(roles: Role[]): void }) {
  const s = useStyles();
  const c = tAccounts.account.colleagues;
  const x = props.colleague;
  const [roles, setRoles] = useState<Role[]>([]);
  useEffect(() => setRoles(x ? normalRoles(x.roles) : []), [x]);
  const before = x ? normalRoles(x.roles) : [];
  const after = normalRoles(roles);
  const changed = before.join() !== after.join();
  const toggle = (r: Role, on: boolean) => setRoles((cur) => (on ? [...cur, r] : cur.filter((y) => y !== r)));
  return (
    <Dialog open={x !== null} onOpenChange={(_, d) => !d.open && props.onCancel()}>
      <DialogSurface aria-describedby={undefined} data-testid="role-dialog">
        <DialogBody>
          <DialogTitle>{x ? c.rolesTitle(x.realname) : null}</DialogTitle>
          <DialogContent className={s.content}>
            <Text size={200}>{c.rolesIntro}</Text>
            {ROLES.map((r) => (
              <div key={r} className={s.role}>
                <Checkbox
                  label={c.roleLabels[r]}
                  checked={r === 'member' || roles.includes(r)}
                  disabled={r === 'member'}
                  onChange={(_, d) => toggle(r, d.checked === true)}
                  data-testid={`role-${r}`}
                />
                <Text size={200} className={s.hint}>
                  {c.roleHints[r]}
                </Text>
              </div>
            ))}
            <MessageBar intent={changed ? 'warning' : 'info'} layout="multiline" data-testid="role-change-summary">
              <MessageBarBody>{changed ? c.rolesChange(roleText(before), roleText(after)) : c.rolesUnchanged}</MessageBarBody>
            </MessageBar>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={props.onCancel}>
              {c.cancel}
            </Button>
            <Button appearance="primary" disabled={!changed || props.busy} onClick={() => props.onSave(after)} data-testid="role-ok">
              {c.rolesOk}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
