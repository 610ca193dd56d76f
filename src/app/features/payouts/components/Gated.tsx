import { Button, Tooltip, type ButtonProps } from '@fluentui/react-components';
import type { Permission } from '../../../../contract/roles';
import { onlyRolesText, useCan } from '../../../shared/session';

/**
 * A button of an action the caller's roles may not take (issue 27): shown, disabled but focusable,
 * its tooltip says who may (仅财务、管理员可操作). `why` disables it for another reason, said the same way.
 */
export function Gated({ perm, why, disabled, ...props }: ButtonProps & { perm: Permission; why?: string }) {
  const can = useCan();
  const reason = !can(perm) ? onlyRolesText(perm) : why || '';
  if (!reason) return <Button disabled={disabled} {...props} />;
  return (
    <Tooltip content={reason} relationship="description">
      <Button {...props} disabledFocusable data-reason={reason} />
    </Tooltip>
  );
}
