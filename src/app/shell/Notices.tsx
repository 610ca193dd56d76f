import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, DismissRegular, WarningFilled } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { t } from '../shared/i18n/zh-CN';
import { closeUrgeNotice, notices, useLacks } from '../shared/session';
import { media, sizes } from '../shared/theme';

const useStyles = makeStyles({
  // in the breadcrumb bar, between the breadcrumb and the search box: a notice arrives after the
  // page has painted (its answer and its code come later), and there it takes the bar's free width
  // at the bar's own height, so nothing on the page moves when it comes or goes (docs/decisions.md,
  // "The notices banner moves nothing"); in the flow, it covers nothing at any width (issue 18);
  // it stays until closed (SPEC §4)
  stack: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    flexGrow: 1,
    flexShrink: 1,
    flexBasis: 0,
    minWidth: 0,
  },
  // a banner drawn with Fluent's tokens (the look of its MessageBar, without its motion and
  // context code: ~7 KB gzip less in the first paint of every page that shows a notice); one line
  // of the bar's height, its words cut with … when the bar is narrow (the whole text is its title)
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    flexGrow: 1,
    flexShrink: 1,
    flexBasis: 0,
    minWidth: 0,
    boxSizing: 'border-box',
    height: sizes.noticeBar,
    padding: `0 ${tokens.spacingHorizontalXS} 0 ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    whiteSpace: 'nowrap',
  },
  success: { backgroundColor: tokens.colorPaletteGreenBackground1, border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteGreenBorder1}` },
  warning: { backgroundColor: tokens.colorPaletteDarkOrangeBackground1, border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteDarkOrangeBorder1}` },
  icon: { flexShrink: 0, fontSize: '16px' },
  successIcon: { color: tokens.colorPaletteGreenForeground1 },
  warningIcon: { color: tokens.colorPaletteDarkOrangeForeground1 },
  body: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
  // narrow: the words (with the count) get the room; the title stays the banner's accessible name
  title: { fontWeight: tokens.fontWeightSemibold, marginRight: tokens.spacingHorizontalS, [media.narrow]: { display: 'none' } },
  link: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline', color: tokens.colorBrandForegroundLinkHover },
  },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexShrink: 0 },
  clickable: { cursor: 'pointer' },
});

function Banner({
  intent,
  title,
  children,
  actions,
  onClick,
  testId,
  text,
}: {
  intent: 'success' | 'warning';
  title: string;
  /** the words after the title, whole (the tooltip when the bar cuts them) */
  text: string;
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
      <div className={s.body} title={`${title} ${text}`}>
        <span className={s.title}>{title}</span>
        {children}
      </div>
      <div className={s.actions}>{actions}</div>
    </div>
  );
}

/**
 * The two notices of SPEC §4 as banners in the breadcrumb bar, above the page card: the company-approved notice and the
 * resignation urge notice (duration 0: stays until closed, opens /dimission; to those who handle
 * departures only).
 */
export default function Notices() {
  const s = useStyles();
  const [, navigate] = useLocation();
  const { approved, urgeCount: pending } = useSnapshot(notices);
  // the requests are handled by 人事 and the admins: the others are not urged (issue 27)
  const urgeCount = useLacks()('hr') ? 0 : pending;
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
          text={t.notice.approvedAction}
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
          text={t.notice.urge(urgeCount)}
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
