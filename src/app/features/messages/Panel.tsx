import { useEffect, useRef, useState } from 'react';
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import type { Message } from '../../../contract/messages';
import { tMessages } from '../../shared/i18n/zh-CN.messages';
import { call } from '../../shared/lib/http';
import { layers, media } from '../../shared/theme';
import { openMessage, readAll } from './actions';
import { MessageList, RetryLine } from './MessageList';
import { inbox } from './store';

const useStyles = makeStyles({
  panel: {
    position: 'absolute',
    top: 'calc(100% + 8px)',
    right: 0,
    zIndex: layers.nav + 1,
    width: '360px',
    maxHeight: '70vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow16,
    [media.phone]: { position: 'fixed', top: '56px', left: tokens.spacingHorizontalS, right: tokens.spacingHorizontalS, width: 'auto' },
  },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  body: { overflowY: 'auto', flexGrow: 1 },
  note: { padding: tokens.spacingHorizontalL, display: 'block', color: tokens.colorNeutralForeground3, textAlign: 'center' },
  foot: {
    display: 'flex',
    justifyContent: 'center',
    padding: tokens.spacingVerticalXS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

const close = () => (inbox.open = false);

/** The bell's panel: the latest messages, 全部已读, 查看全部消息; Escape or a click outside closes it. */
export default function Panel() {
  const s = useStyles();
  const [, navigate] = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const [list, setList] = useState<Message[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = () => {
    setFailed(false);
    call('msgList', { query: { size: 8 } }, { hideMessage: true }).then(
      (d) => {
        setList(d.list);
        inbox.unread = d.unread;
      },
      () => setFailed(true),
    );
  };
  useEffect(load, []);
  useEffect(() => {
    const key = (e: KeyboardEvent) => e.key === 'Escape' && close();
    // the bell's own click toggles; any other click outside closes
    const down = (e: PointerEvent) => !ref.current?.parentElement?.contains(e.target as Node) && close();
    document.addEventListener('keydown', key);
    document.addEventListener('pointerdown', down);
    return () => {
      document.removeEventListener('keydown', key);
      document.removeEventListener('pointerdown', down);
    };
  }, []);
  const go = (href: string) => {
    close();
    navigate(href);
  };
  return (
    <div ref={ref} className={s.panel} role="dialog" aria-label={tMessages.title} data-testid="message-panel">
      <div className={s.head}>
        <Text weight="semibold">{tMessages.title}</Text>
        <Button
          appearance="transparent"
          size="small"
          disabled={!list?.some((m) => !m.read)}
          onClick={() =>
            void readAll().then(
              () => setList((l) => l?.map((m) => ({ ...m, read: true })) ?? null),
              () => {},
            )
          }
          data-testid="message-read-all"
        >
          {tMessages.readAll}
        </Button>
      </div>
      <div className={s.body}>
        {failed ? (
          <span className={s.note}>
            <RetryLine onRetry={load} />
          </span>
        ) : !list ? (
          <Spinner size="small" className={s.note} />
        ) : list.length === 0 ? (
          <Text className={s.note}>{tMessages.empty}</Text>
        ) : (
          <MessageList list={list} onOpen={(m) => void openMessage(m).then(go)} />
        )}
      </div>
      <div className={s.foot}>
        <Button appearance="transparent" onClick={() => go('/messages')} data-testid="message-see-all">
          {tMessages.seeAll}
        </Button>
      </div>
    </div>
  );
}
