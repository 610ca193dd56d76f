import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, DismissRegular, WarningFilled } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { t } from '../shared/i18n/zh-CN';
import { closeUrgeNotice, notices } from '../shared/session';

const useStyles = makeStyles({
  // in the flow of the layout, above the page card: it pushes the page down and covers nothing
  // at any width (issue 18); it stays until closed (SPEC §4)
  stack: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    marginBottom: tokens.spacingVerticalM,
  },
  // a banner drawn with Fluent's tokens (the look of its MessageBar, without its motion and
  // context code: ~7 KB gzip less in the first paint of every page that shows a notice)
  bar: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS} ${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
  },
  success: { backgroundColor: tokens.colorPaletteGreenBackground1, border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteGreenBorder1}` },
  warning: { backgroundColor: tokens.colorPaletteDarkOrangeBackground1, border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteDarkOrangeBorder1}` },
  icon: { flexShrink: 0, fontSize: '16px', marginTop: tokens.spacingVerticalXXS },
  successIcon: { color: tokens.colorPaletteGreenForeground1 },
  warningIcon: { color: tokens.colorPaletteDarkOrangeForeground1 },
  body: { flexGrow: 1, minWidth: 0, display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS, paddingTop: tokens.spacingVerticalXXS },
  title: { fontWeight: tokens.fontWeightSemibold },
  link: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline', color: tokens.colorBrandForegroundLinkHover },
  },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexShrink: 0 },
  clickable: { cursor: 'pointer' },
});

function Banner({
  intent,
  title,
  children,
  actions,
  onClick,
  testId,
}: {
  intent: 'success' | 'warning';
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onClick?: () => void;
  testId: string;
}) {
  const s = useStyles();
  const Icon = intent === 'success' ? CheckmarkCircleFilled : WarningFilled;
  return (
    <div className={mergeClasses(s.bar, s[intent], onClick && s.clickable)} role="group" aria-label={title} data-testid={testId} onClick={onClick}>
      <Icon className={mergeClasses(s.icon, intent === 'success' ? s.successIcon : s.warningIcon)} aria-hidden />
      <div className={s.body}>
        <span className={s.title}>{title}</span>
        {children}
      </div>
      <div className={s.actions}>{actions}</div>
    </div>
  );
}

/**
 * The two notices of SPEC §4 as banners above the page card: the company-approved notice and the
 * resignation urge notice (duration 0: stays until closed, opens /dimission).
 */
export default function Notices() {
  const s = useStyles();
  const [, navigate] = useLocation();
  const { approved, urgeCount } = useSnapshot(notices);
  if (!approved && urgeCount <= 0) return null;

  const closeApproved = () => (notices.approved = false);
  const goUrge = () => {
    closeUrgeNotice();
    navigate('/dimission');
  };
  const dismiss = (label: string, onClick: () => void, testId: string) => (
    <Button
      appearance="transparent"
      size="small"
      icon={<DismissRegular />}
      aria-label={label}
      data-testid={testId}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    />
  );

  return (
    <div className={s.stack} role="region" aria-label={t.notice.region}>
      {approved && (
        <Banner
          intent="success"
          title={t.gate.approved}
          testId="approval-notice"
          actions={dismiss(t.notice.close, closeApproved, 'approval-notice-close')}
        >
          <Link href="/account" className={s.link} onClick={closeApproved}>
            {t.notice.approvedAction}
          </Link>
        </Banner>
      )}
      {urgeCount > 0 && (
        <Banner
          intent="warning"
          title={t.notice.urgeTitle}
          testId="urge-notice"
          onClick={goUrge}
          actions={
            <>
              <Button
                size="small"
                appearance="primary"
                onClick={(e) => {
                  e.stopPropagation();
                  goUrge();
                }}
              >
                {t.notice.urgeAction}
              </Button>
              {dismiss(t.notice.close, closeUrgeNotice, 'urge-notice-close')}
            </>
          }
        >
          <span>{t.notice.urge(urgeCount)}</span>
        </Banner>
      )}
    </div>
  );
}
