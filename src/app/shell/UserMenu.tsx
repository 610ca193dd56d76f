import { useState, type Ref } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ShieldCheckmarkFilled } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import { t } from '../shared/i18n/zh-CN';
import { session } from '../shared/session';
import { media, sizes } from '../shared/theme';
import { deferred, DeferredDropdown, type TriggerHandlers } from './deferred';
import { displayName, UserAvatar } from './user-identity';

const dropdown = deferred(() => import('./UserMenuDropdown'));

const useStyles = makeStyles({
  trigger: { maxWidth: sizes.userTrigger, minWidth: 0, paddingLeft: tokens.spacingHorizontalXS },
  triggerInner: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  name: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    fontWeight: tokens.fontWeightRegular,
    [media.phone]: { display: 'none' },
  },
  verified: { color: tokens.colorPaletteGreenForeground1, flexShrink: 0 },
});

/**
 * The user menu's trigger (avatar, name, 已实名 mark). The dropdown itself (UserMenuDropdown)
 * loads after the layout has painted, or when the user points at the trigger; a click before it
 * has arrived opens it as soon as it does.
 */
export function UserMenu() {
  const s = useStyles();
  const { user, member } = useSnapshot(session);
  const [open, setOpen] = useState(false);
  if (!user) return null;

  const name = displayName(user, member);
  const trigger = (ref?: Ref<HTMLButtonElement>, extra?: TriggerHandlers) => (
    <Button
      ref={ref}
      {...extra}
      appearance="subtle"
      className={s.trigger}
      data-testid="user-menu-trigger"
      // no aria-label: the name comes from what the button shows (the avatar names the user
      // even on phones, where the text is hidden) — a label that did not contain the visible
      // text was axe's label-content-name-mismatch on every page (issue 18)
      aria-haspopup="menu"
      icon={<ChevronDownRegular />}
      iconPosition="after"
    >
      <span className={s.triggerInner}>
        <UserAvatar user={user} name={name} size={28} />
        <span className={s.name}>{name}</span>
        {!!user.verify_status && <ShieldCheckmarkFilled className={s.verified} aria-label={t.nav.verifiedIcon} />}
      </span>
    </Button>
  );

  return <DeferredDropdown module={dropdown} trigger={trigger} open={open} onOpenChange={setOpen} />;
}
