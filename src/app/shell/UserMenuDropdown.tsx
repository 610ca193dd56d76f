import { Badge, CounterBadge, makeStyles, Menu, MenuDivider, MenuItem, MenuList, MenuPopover, MenuTrigger, Text, tokens } from '@fluentui/react-components';
import {
  BuildingRegular,
  DataBarVerticalRegular,
  DesktopArrowDownRegular,
  HourglassHalfRegular,
  PeopleTeamRegular,
  PersonSettingsRegular,
  ShieldCheckmarkFilled,
  ShieldCheckmarkRegular,
  SignOutRegular,
} from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { maskMobile } from '../shared/lib/format';
import { t } from '../shared/i18n/zh-CN';
import { logout, session } from '../shared/session';
import { sizes } from '../shared/theme';
import { useTriggerFocus, type DeferredDropdownProps } from './deferred';
import { promptInstall, pwa } from './pwa-state';
import { displayName, UserAvatar } from './user-identity';

const useStyles = makeStyles({
  popover: { width: sizes.menuWidth, padding: 0 },
  header: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorBrandBackground2,
    borderTopLeftRadius: tokens.borderRadiusLarge,
    borderTopRightRadius: tokens.borderRadiusLarge,
  },
  headerText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  headerName: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  list: { padding: tokens.spacingVerticalXS },
});

/**
 * The user dropdown of SPEC §2: who is signed in, the company, and the account links. Loaded
 * after the layout has painted (deferred.tsx); UserMenu.tsx owns the trigger and the open state.
 */
export default function UserMenuDropdown({ trigger, open, onOpenChange, focusTrigger }: DeferredDropdownProps) {
  const s = useStyles();
  // keep the keyboard where it was when this replaced the painted trigger
  const triggerRef = useTriggerFocus(focusTrigger);
  const [, navigate] = useLocation();
  const { user, member } = useSnapshot(session);
  const { installable } = useSnapshot(pwa);
  if (!user) return null;

  const name = displayName(user, member);
  const verified = !!user.verify_status;
  const normal = user.company_status === 'normal';
  const deptJob = [member?.dept_name, member?.job_name].filter(Boolean).join(' · ');
  const go = (to: string) => () => navigate(to);
  const signOut = async () => {
    await logout();
    navigate('/login');
  };

  return (
    <Menu open={open} onOpenChange={(_, d) => onOpenChange(d.open)} positioning={{ position: 'below', align: 'end' }}>
      <MenuTrigger disableButtonEnhancement>{trigger(triggerRef)}</MenuTrigger>
      <MenuPopover className={s.popover} data-testid="user-menu">
        <div className={s.header}>
          <UserAvatar user={user} name={name} size={48} />
          <div className={s.headerText}>
            <div className={s.headerName}>
              <Text weight="semibold" size={400} className={s.ellipsis}>
                {name}
              </Text>
              <Badge
                size="small"
                appearance={verified ? 'filled' : 'outline'}
                color={verified ? 'success' : 'informative'}
                icon={verified ? <ShieldCheckmarkFilled /> : undefined}
              >
                {verified ? t.nav.verified : t.nav.unverified}
              </Badge>
            </div>
            <Text size={200} className={s.muted}>
              {maskMobile(user.mobile)}
            </Text>
            <Text size={200} className={s.ellipsis} title={member?.company_name}>
              {member?.company_name || t.nav.noCompany}
            </Text>
            {deptJob && (
              <Text size={200} className={s.muted}>
                {deptJob}
              </Text>
            )}
          </div>
        </div>
        <MenuList className={s.list}>
          <MenuItem icon={<PersonSettingsRegular />} onClick={go('/account-info')}>
            {t.nav.settings}
          </MenuItem>
          {normal && (
            <MenuItem icon={<BuildingRegular />} onClick={go('/account')}>
              {t.nav.companyInfo}
            </MenuItem>
          )}
          {normal && (
            <MenuItem
              icon={<PeopleTeamRegular />}
              onClick={go('/account?id=colleagues')}
              secondaryContent={
                member?.check_num ? (
                  <CounterBadge count={member.check_num} overflowCount={99} size="small" color="danger" data-testid="colleague-badge" />
                ) : undefined
              }
            >
              {t.nav.colleagues}
            </MenuItem>
          )}
          {user.company_status === 'no_apply' && (
            <MenuItem icon={<ShieldCheckmarkRegular />} onClick={go('/create')}>
              {t.nav.goAuth}
            </MenuItem>
          )}
          {user.company_status === 'apply' && (
            <MenuItem icon={<HourglassHalfRegular />} onClick={go('/inReview')}>
              {t.nav.reviewProgress}
            </MenuItem>
          )}
          <MenuItem icon={<DataBarVerticalRegular />} onClick={go('/statistics')}>
            {t.nav.statistics}
          </MenuItem>
          {installable && (
            <MenuItem icon={<DesktopArrowDownRegular />} onClick={() => void promptInstall()} data-testid="install-app">
              {t.pwa.install}
            </MenuItem>
          )}
          <MenuDivider />
          <MenuItem icon={<SignOutRegular />} onClick={signOut}>
            {t.nav.logout}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
