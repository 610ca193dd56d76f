import {
  Button,
  Link as FluentLink,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
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
  card: { borderRadius: tokens.borderRadiusLarge },
  clickable: { cursor: 'pointer' },
});

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
        <MessageBar intent="success" layout="multiline" className={s.card} data-testid="approval-notice">
          <MessageBarBody>
            <MessageBarTitle>{t.gate.approved}</MessageBarTitle>
            <FluentLink
              onClick={() => {
                closeApproved();
                navigate('/account');
              }}
            >
              {t.notice.approvedAction}
            </FluentLink>
          </MessageBarBody>
          <MessageBarActions containerAction={dismiss(t.notice.close, closeApproved, 'approval-notice-close')} />
        </MessageBar>
      )}
      {urgeCount > 0 && (
        <MessageBar
          intent="warning"
          layout="multiline"
          className={mergeClasses(s.card, s.clickable)}
          data-testid="urge-notice"
          onClick={goUrge}
        >
          <MessageBarBody>
            <MessageBarTitle>{t.notice.urgeTitle}</MessageBarTitle>
            {t.notice.urge(urgeCount)}
          </MessageBarBody>
          <MessageBarActions containerAction={dismiss(t.notice.close, closeUrgeNotice, 'urge-notice-close')}>
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
          </MessageBarActions>
        </MessageBar>
      )}
    </div>
  );
}
