/**
 * The unread count of 消息中心 (issue 32 item 4), live while the console is open: asked at start,
 * every 60 s (SPEC §7's refresh) while the tab is visible, at once when the tab comes back or the
 * console itself did something that writes a message (pokeMessages), and shown on the installed
 * app's icon through the Badging API where the browser has it.
 */
import { proxy } from 'valtio';
import { call } from '../../shared/lib/http';
import { MESSAGES_EVENT } from '../../shared/lib/messages-poke';
import { REFRESH_MS } from '../../shared/session';

export const inbox = proxy({ unread: 0, open: false });

type BadgeNavigator = Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/** The installed app's icon badge (Badging API); nothing where the browser has none. */
export function setBadge(n: number): void {
  const nav = navigator as BadgeNavigator;
  const done = n > 0 ? nav.setAppBadge?.(n) : nav.clearAppBadge?.();
  void done?.catch(() => {});
}

export function setUnread(n: number): void {
  inbox.unread = n;
  setBadge(n);
}

let inFlight: Promise<void> | null = null;
/** One request at a time; a failure leaves the count as it was (the next tick asks again). */
export function refreshUnread(): Promise<void> {
  inFlight ??= call('msgUnread', {}, { hideMessage: true })
    .then((d) => setUnread(d.unread))
    .catch(() => {})
    .finally(() => (inFlight = null));
  return inFlight;
}

/** Starts the polling; answers its stop. Hidden tabs do not poll; coming back asks at once. */
export function startPolling(): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const run = () => {
    clearInterval(timer);
    timer = undefined;
    if (document.visibilityState === 'hidden') return;
    void refreshUnread();
    timer = setInterval(() => void refreshUnread(), REFRESH_MS);
  };
  const now = () => void refreshUnread();
  run();
  document.addEventListener('visibilitychange', run);
  window.addEventListener('focus', now);
  window.addEventListener(MESSAGES_EVENT, now);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', run);
    window.removeEventListener('focus', now);
    window.removeEventListener(MESSAGES_EVENT, now);
    setBadge(0);
  };
}
