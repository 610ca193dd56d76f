import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { CallRegular, MailRegular, OpenRegular } from '@fluentui/react-icons';
import { Link } from 'wouter';
import { t } from '../shared/i18n/zh-CN';
import { media, sizes } from '../shared/theme';
import { LogoMark } from '../shared/ui';

const useStyles = makeStyles({
  root: {
    marginTop: tokens.spacingVerticalXXXL,
    backgroundColor: tokens.colorNeutralBackgroundInverted,
    color: tokens.colorNeutralForegroundInverted2,
  },
  inner: {
    maxWidth: sizes.contentMax,
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalL}`,
  },
  columns: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1.3fr) minmax(0, 1.2fr) minmax(0, 1.2fr) auto',
    gap: tokens.spacingHorizontalXXXL,
    [media.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
    [media.phone]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  col: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  productName: { color: tokens.colorNeutralForegroundInverted, fontWeight: tokens.fontWeightSemibold },
  slogan: { color: tokens.colorNeutralForegroundInverted, marginTop: tokens.spacingVerticalXS },
  heading: { color: tokens.colorNeutralForegroundInverted, fontWeight: tokens.fontWeightSemibold },
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForegroundInverted2,
    textDecorationLine: 'none',
    ':hover': { color: tokens.colorNeutralForegroundInverted, textDecorationLine: 'underline' },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus1}` },
  },
  contactLine: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  strong: { color: tokens.colorNeutralForegroundInverted, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  qrs: { display: 'flex', gap: tokens.spacingHorizontalL },
  qr: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXS, margin: 0 },
  qrImg: {
    width: sizes.footerQr,
    height: sizes.footerQr,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    padding: tokens.spacingHorizontalXS,
    boxSizing: 'content-box',
  },
  bottom: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    marginTop: tokens.spacingVerticalXL,
    paddingTop: tokens.spacingVerticalM,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStrokeOnBrand2}`,
  },
});

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** SPEC §1 footer: slogans, government HR links, hotline, e-mail, two QR codes, agreement, ICP, ©. */
export function Footer() {
  const s = useStyles();
  const f = t.footer;
  return (
    <footer className={s.root} data-testid="footer">
      <div className={s.inner}>
        <div className={s.columns}>
          <div className={s.col}>
            <div className={s.brand}>
              <LogoMark size={sizes.navLogo} />
              <Text size={500} className={s.productName}>
                {t.product}
              </Text>
            </div>
            <Text size={300} className={s.slogan}>
              {f.slogan}
            </Text>
            <Text size={200}>{t.login.brandTagline}</Text>
          </div>

          <nav className={s.col} aria-label={f.govTitle}>
            <Text className={s.heading}>{f.govTitle}</Text>
            {f.govLinks.map((l) => (
              <a key={l.href} className={s.link} href={l.href} {...external} title={l.name + f.newWindow}>
                {l.name}
                <OpenRegular aria-hidden />
              </a>
            ))}
          </nav>

          <div className={s.col}>
            <Text className={s.heading}>{f.contact}</Text>
            <span className={s.contactLine}>
              <CallRegular aria-hidden />
              <Text size={200}>{f.hotline}</Text>
              <a className={mergeClasses(s.link, s.strong)} href={`tel:${f.hotlineNumber.replace(/-/g, '')}`}>
                {f.hotlineNumber}
              </a>
            </span>
            <Text size={200}>{f.hotlineHours}</Text>
            <span className={s.contactLine}>
              <MailRegular aria-hidden />
              <Text size={200}>{f.email}</Text>
              <a className={s.link} href={`mailto:${f.emailAddress}`}>
                {f.emailAddress}
              </a>
            </span>
          </div>

          <div className={s.qrs}>
            <figure className={s.qr}>
              <img className={s.qrImg} src="/qr/service.svg" alt={f.qrService} loading="lazy" />
              <Text size={200} as="span">
                {f.qrService}
              </Text>
            </figure>
            <figure className={s.qr}>
              <img className={s.qrImg} src="/qr/miniprogram.svg" alt={f.qrMiniProgram} loading="lazy" />
              <Text size={200} as="span">
                {f.qrMiniProgram}
              </Text>
            </figure>
          </div>
        </div>

        <div className={s.bottom}>
          <Text size={200}>
            {f.copyright} {f.rights(t.product)}
          </Text>
          <Link href="/agreement" className={s.link}>
            <Text size={200}>{f.agreement}</Text>
          </Link>
          <a className={s.link} href={f.icpHref} {...external}>
            <Text size={200}>{f.icp}</Text>
          </a>
        </div>
      </div>
    </footer>
  );
}
