import { Card, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import {
  ArrowUploadRegular,
  BriefcaseRegular,
  DoorArrowLeftRegular,
  FlashRegular,
  PeopleSearchRegular,
  PersonAddRegular,
  TaskListAddRegular,
} from '@fluentui/react-icons';
import type { FluentIcon } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import type { Permission } from '../../../../contract/roles';
import { requireCompany, requireMember } from '../../../shared/dialogs/store';
import { t } from '../../../shared/i18n/zh-CN';
import { useLacks } from '../../../shared/session';
import { media } from '../../../shared/theme';
import { useCardStyles } from './styles';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalM,
    [media.phone]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  wide: {
    gridTemplateColumns: 'repeat(6, minmax(0, 1fr))',
    [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [media.phone]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  tile: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalS}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    cursor: 'pointer',
    transitionProperty: 'border-color, box-shadow, transform',
    transitionDuration: tokens.durationFast,
    ':hover': {
      border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandStroke2}`,
      boxShadow: tokens.shadow8,
      transform: `translateY(calc(${tokens.strokeWidthThin} * -1))`,
    },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  icon: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: tokens.spacingHorizontalXXXL,
    height: tokens.spacingHorizontalXXXL,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
    fontSize: tokens.fontSizeBase500,
  },
});

type Gate = 'member' | 'company' | null;

// perm: the tile is left out for a colleague whose roles do not allow it (issue 27)
const tiles: { label: string; href: string; icon: FluentIcon; gate: Gate; perm?: Permission }[] = [
  { label: t.home.shortcut.positionPost, href: '/position/post', icon: BriefcaseRegular, gate: 'member', perm: 'recruit' },
  { label: t.home.shortcut.employmentPost, href: '/employment/post', icon: TaskListAddRegular, gate: 'member', perm: 'hr' },
  { label: t.home.shortcut.dimission, href: '/dimission', icon: DoorArrowLeftRegular, gate: null, perm: 'hr' },
  { label: t.home.shortcut.hall, href: '/hall', icon: PeopleSearchRegular, gate: null, perm: 'recruit' },
  { label: t.home.shortcut.bulkImport, href: '/bulkImport/dimission', icon: ArrowUploadRegular, gate: 'member', perm: 'hr' },
  { label: t.home.shortcut.invite, href: '/company/invite', icon: PersonAddRegular, gate: 'company' },
];

/** 快捷入口: paid actions run the role prompt first (SPEC §6). `wide`: one row of six. */
export function Shortcuts({ wide = false }: { wide?: boolean }) {
  const s = useStyles();
  const c = useCardStyles();
  const [, navigate] = useLocation();
  const lacks = useLacks();
  const open = (href: string, gate: Gate) => {
    if (gate === 'member' && !requireMember()) return;
    if (gate === 'company' && !requireCompany()) return;
    navigate(href);
  };
  return (
    <Card className={c.card} data-testid="shortcuts">
      <div className={c.head}>
        <Text weight="semibold" className={c.title}>
          <FlashRegular className={c.titleIcon} aria-hidden />
          {t.home.shortcuts}
        </Text>
      </div>
      <div className={mergeClasses(s.grid, wide && s.wide)}>
        {tiles
          .filter((tile) => !tile.perm || !lacks(tile.perm))
          .map(({ label, href, icon: Icon, gate }) => (
            <button key={href} type="button" className={s.tile} onClick={() => open(href, gate)}>
              <span className={s.icon} aria-hidden>
                <Icon />
              </span>
              {label}
            </button>
          ))}
      </div>
    </Card>
  );
}
