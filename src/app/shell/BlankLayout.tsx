import type { ReactNode } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { HeadsetRegular } from '@fluentui/react-icons';
import { t } from '../shared/i18n/zh-CN';
import { sizes } from '../shared/theme';
import { Brand } from './Brand';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  header: {
    height: sizes.navHeight,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    padding: `0 ${tokens.spacingHorizontalXXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  hotline: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground3,
  },
  main: {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    width: '100%',
    maxWidth: sizes.contentMax,
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}`,
    boxSizing: 'border-box',
  },
  footer: {
    padding: tokens.spacingVerticalL,
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
  },
});

/** Pages outside the console (login, agreement, invitations): slim header and footer. */
export function BlankLayout({ children }: { children: ReactNode }) {
  const s = useStyles();
  return (
    <div className={s.root}>
      <header className={s.header}>
        <Brand />
        <Text size={200} className={s.hotline}>
          <HeadsetRegular aria-hidden />
          {t.footer.hotline} {t.footer.hotlineNumber}
        </Text>
      </header>
      <main className={s.main}>{children}</main>
      <footer className={s.footer}>
        <Text size={200}>
          {t.footer.copyright} {t.footer.rights(t.product)} · {t.footer.icp}
        </Text>
      </footer>
    </div>
  );
}
