import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import type { Message } from '../../../contract/messages';
import { tMessages } from '../../shared/i18n/zh-CN.messages';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  item: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
    width: '100%',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: 'none',
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: 'transparent',
    textAlign: 'left',
    cursor: 'pointer',
    color: tokens.colorNeutralForeground1,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: `calc(${tokens.strokeWidthThick} * -1)` },
  },
  dot: { flexShrink: 0, width: '8px', height: '8px', marginTop: '7px', borderRadius: tokens.borderRadiusCircular },
  unreadDot: { backgroundColor: tokens.colorPaletteRedBackground3 },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  title: { wordBreak: 'break-word' },
  read: { color: tokens.colorNeutralForeground3 },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** Messages newest first; a click marks one read and opens its record (onOpen). */
export function MessageList({ list, onOpen }: { list: readonly Message[]; onOpen: (m: Message) => void }) {
  const s = useStyles();
  return (
    <ul className={s.list} data-testid="message-list">
      {list.map((m) => (
        <li key={m.id}>
          <button type="button" className={s.item} onClick={() => onOpen(m)} data-testid="message-item" data-read={m.read ? '1' : '0'}>
            <span className={mergeClasses(s.dot, !m.read && s.unreadDot)} aria-hidden />
            <span className={s.body}>
              <Text className={mergeClasses(s.title, m.read && s.read)} weight={m.read ? 'regular' : 'semibold'}>
                {m.title}
              </Text>
              <span className={s.meta}>
                {tMessages.kinds[m.kind]} · {m.created_at.slice(0, 16)}
                {!m.read && ` · ${tMessages.unread}`}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function RetryLine({ onRetry }: { onRetry: () => void }) {
  return (
    <Text role="alert">
      {tMessages.loadFailed}{' '}
      <Button appearance="transparent" size="small" onClick={onRetry}>
        {tMessages.retry}
      </Button>
    </Text>
  );
}
