/**
 * Hiding and disabling by the caller's roles (issue 27). Not in the ui barrel: the shell's first
 * route does not need Tooltip. Users not yet admitted are left to the pages' own gates (`lacks`).
 */
import { cloneElement, type ReactElement } from 'react';
import { Tooltip } from '@fluentui/react-components';
import type { PermRule } from '../../../contract/roles';
import { t } from '../i18n/zh-CN';
import { onlyRolesSeeText, onlyRolesText, useLacks } from '../session';
import { EmptyState } from './EmptyState';

/**
 * The action as is when the user's roles grant `perm`; else disabled (still focusable, so the
 * tooltip shows on hover and keyboard focus) with `仅财务、管理员可操作`. `why` disables it for another
 * reason the server gave (the four-eyes rule of a payout batch), said the same way. The reason is
 * also the element's `data-reason`.
 */
export function Gated({
  perm,
  why = '',
  children,
}: {
  perm: PermRule;
  why?: string;
  children: ReactElement<{ disabledFocusable?: boolean; disabled?: boolean; 'data-reason'?: string }>;
}) {
  const lacks = useLacks();
  const reason = lacks(perm) ? onlyRolesText(perm) : why;
  if (!reason) return children;
  return (
    <Tooltip content={reason} relationship="description" withArrow>
      {cloneElement(children, { disabled: false, disabledFocusable: true, 'data-reason': reason })}
    </Tooltip>
  );
}

/** In place of a page or list the user's roles may not read: who may, and whom to ask. */
export function NoAccess({ perm, compact }: { perm: PermRule; compact?: boolean }) {
  return (
    <div data-testid="no-access" role="status">
      <EmptyState text={t.noAccess.title} description={`${onlyRolesSeeText(perm)}，${t.noAccess.hint}`} compact={compact} />
    </div>
  );
}
