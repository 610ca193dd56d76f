import { lazy, Suspense, useEffect } from 'react';
import { Button, CounterBadge, makeStyles, tokens } from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import { tMessages } from '../../shared/i18n/zh-CN.messages';
import { inbox, startPolling } from './store';

// the panel (its list and calls) loads when first opened
const Panel = lazy(() => import('./Panel'));

const useStyles = makeStyles({
  wrap: { position: 'relative', display: 'inline-flex' },
  badge: { position: 'absolute', top: `calc(${tokens.spacingVerticalXS} * -1)`, right: `calc(${tokens.spacingHorizontalXS} * -1)`, pointerEvents: 'none' },
});

/**
 * 消息中心's bell in the top nav (issue 32 item 4): the unread count, kept live (store.ts), and the
 * panel of recent messages. Loaded after the first paint, like the upload centre's button.
 */
export default function Bell() {
  const s = useStyles();
  const { unread, open } = useSnapshot(inbox);
  useEffect(() => startPolling(), []);
  const label = unread ? tMessages.bellUnread(unread) : tMessages.bell;
  return (
    <span className={s.wrap} title={label}>
      <Button
        appearance="subtle"
        icon={<AlertRegular />}
        aria-label={label}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => (inbox.open = !inbox.open)}
        data-testid="message-bell"
      />
      {unread > 0 && <CounterBadge className={s.badge} count={unread} overflowCount={99} size="small" color="danger" data-testid="message-badge" />}
      {open && (
        <Suspense fallback={null}>
          <Panel />
        </Suspense>
      )}
    </span>
  );
}
