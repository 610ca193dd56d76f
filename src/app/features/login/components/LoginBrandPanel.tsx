import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { BriefcaseRegular, DoorArrowLeftRegular, PeopleTeamRegular } from '@fluentui/react-icons';
import { t } from '../../../shared/i18n/zh-CN';
import { sizes } from '../../../shared/theme';
import { LogoMark } from '../../../shared/ui';

const useStyles = makeStyles({
  root: {
    position: 'relative',
    overflow: 'hidden',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'space-between',
    gap: tokens.spacingVerticalXXL,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXXXL}`,
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground} 0%, ${tokens.colorBrandBackgroundPressed} 100%)`,
  },
  // two soft rings for depth
  ring: {
    position: 'absolute',
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThicker} solid ${tokens.colorNeutralForegroundOnBrand}`,
    opacity: 0.08,
    pointerEvents: 'none',
  },
  ringA: { width: '80%', aspectRatio: '1', right: '-28%', top: '-22%' },
  ringB: { width: '55%', aspectRatio: '1', left: '-18%', bottom: '-20%' },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  logo: { borderRadius: tokens.borderRadiusXLarge, boxShadow: tokens.shadow8 },
  product: { color: tokens.colorNeutralForegroundOnBrand },
  tagline: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  slogan: { color: tokens.colorNeutralForegroundOnBrand, whiteSpace: 'nowrap' },
  sub: { color: tokens.colorNeutralForegroundOnBrand, opacity: 0.85 },
  points: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, margin: 0, padding: 0, listStyleType: 'none' },
  point: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start' },
  pointIcon: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: tokens.spacingHorizontalXXXL,
    height: tokens.spacingHorizontalXXXL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackgroundAlpha,
    fontSize: tokens.fontSizeBase500,
  },
  pointText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  pointBody: { opacity: 0.85 },
});

const icons = [DoorArrowLeftRegular, BriefcaseRegular, PeopleTeamRegular];

/** The login page's brand side: product, slogan, three value points. */
export function LoginBrandPanel({ className }: { className?: string }) {
  const s = useStyles();
  return (
    <section className={mergeClasses(s.root, className)} aria-label={t.product}>
      <span className={mergeClasses(s.ring, s.ringA)} aria-hidden />
      <span className={mergeClasses(s.ring, s.ringB)} aria-hidden />
      <div className={s.brand}>
        <LogoMark size={sizes.loaderLogo} className={s.logo} />
        <Text size={600} weight="semibold" className={s.product}>
          {t.product}
        </Text>
      </div>
      <div className={s.tagline}>
        <Text size={600} weight="semibold" className={s.slogan}>
          {t.footer.slogan}
        </Text>
        <Text size={300} className={s.sub}>
          {t.login.brandTagline}
        </Text>
      </div>
      <ul className={s.points}>
        {t.login.points.map((p, i) => {
          const Icon = icons[i] ?? BriefcaseRegular;
          return (
            <li key={p.title} className={s.point}>
              <span className={s.pointIcon} aria-hidden>
                <Icon />
              </span>
              <span className={s.pointText}>
                <Text weight="semibold">{p.title}</Text>
                <Text size={200} className={s.pointBody}>
                  {p.body}
                </Text>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
