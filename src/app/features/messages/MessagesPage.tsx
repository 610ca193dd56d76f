import { useCallback, useEffect, useState } from 'react';
import { Button, makeStyles, Select, Tab, TabList, tokens } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import { MESSAGE_KINDS, type Message, type MessageKind } from '../../../contract/messages';
import { tMessages } from '../../shared/i18n/zh-CN.messages';
import { call } from '../../shared/lib/http';
import { EmptyState, LogoLoader } from '../../shared/ui';
import { openMessage, readAll } from './actions';
import { MessageList, RetryLine } from './MessageList';
import { inbox } from './store';

const useStyles = makeStyles({
  panel: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow4, overflow: 'hidden' },
  bar: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  grow: { flexGrow: 1 },
  more: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalS },
  note: { padding: tokens.spacingVerticalL, display: 'flex', justifyContent: 'center' },
});

type Status = 'unread' | 'all';

/** /messages — 消息中心: every message of the caller's roles, 未读/全部 and by kind, newest first. */
export function MessagesPage() {
  const s = useStyles();
  const [, navigate] = useLocation();
  const [status, setStatus] = useState<Status>('all');
  const [kind, setKind] = useState<MessageKind | ''>('');
  const [list, setList] = useState<Message[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    (before?: number) => {
      setFailed(false);
      setBusy(true);
      call('msgList', { query: { status, kind: kind || undefined, before } }, { hideMessage: true })
        .then(
          (d) => {
            setList((l) => (before ? [...(l ?? []), ...d.list] : d.list));
            setNext(d.next);
            inbox.unread = d.unread;
          },
          () => setFailed(true),
        )
        .finally(() => setBusy(false));
    },
    [status, kind],
  );
  useEffect(() => {
    setList(null);
    load();
  }, [load]);

  return (
    <section className={s.panel}>
      <div className={s.bar}>
        <TabList selectedValue={status} onTabSelect={(_, d) => setStatus(d.value as Status)} aria-label={tMessages.title}>
          <Tab value="all" data-testid="messages-tab-all">
            {tMessages.all}
          </Tab>
          <Tab value="unread" data-testid="messages-tab-unread">
            {tMessages.unread}
          </Tab>
        </TabList>
        <Select aria-label={tMessages.kindLabel} value={kind} onChange={(_, d) => setKind(d.value as MessageKind | '')} data-testid="messages-kind">
          <option value="">{tMessages.kindAll}</option>
          {MESSAGE_KINDS.map((k) => (
            <option key={k} value={k}>
              {tMessages.kinds[k]}
            </option>
          ))}
        </Select>
        <span className={s.grow} />
        <Button
          disabled={!list?.some((m) => !m.read)}
          onClick={() =>
            void readAll().then(
              () => load(),
              () => {},
            )
          }
          data-testid="messages-read-all"
        >
          {tMessages.readAll}
        </Button>
      </div>
      {failed && !list ? (
        <div className={s.note}>
          <RetryLine onRetry={() => load()} />
        </div>
      ) : !list ? (
        <LogoLoader />
      ) : list.length === 0 ? (
        <EmptyState text={status === 'unread' ? tMessages.emptyUnread : tMessages.empty} />
      ) : (
        <>
          <MessageList list={list} onOpen={(m) => void openMessage(m).then(navigate)} />
          {failed && (
            <div className={s.note}>
              <RetryLine onRetry={() => load(next ?? undefined)} />
            </div>
          )}
          {next !== null && !failed && (
            <div className={s.more}>
              <Button appearance="subtle" disabled={busy} onClick={() => load(next)} data-testid="messages-more">
                {tMessages.more}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
