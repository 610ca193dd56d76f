import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { Link } from 'wouter';
import { t } from '../shared/i18n/zh-CN';
import { media, sizes } from '../shared/theme';
import { LogoMark } from '../shared/ui';

const useStyles = makeStyles({
  root: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    textDecorationLine: 'none',
    color: tokens.colorNeutralForeground1,
    flexShrink: 0,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, borderRadius: tokens.borderRadiusMedium },
  },
  name: { fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  // tablets and narrow windows: the mark only, the nav entries need the room
  collapse: { [media.compact]: { display: 'none' } },
});

/** Logo mark + 企业服务平台, linking home; `collapse`: only the mark below 1280 px. */
export function Brand({ collapse = false }: { collapse?: boolean }) {
  const s = useStyles();
  return (
    <Link href="/index" className={s.root} aria-label={t.product}>
      <LogoMark size={sizes.navLogo} />
      <Text size={500} className={mergeClasses(s.name, collapse && s.collapse)}>
        {t.product}
      </Text>
    </Link>
  );
}
