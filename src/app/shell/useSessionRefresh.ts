import { useEffect, useState } from 'react';
import { REFRESH_MS, refreshSession, syncTokenPresence } from '../shared/session';

/**
 * The root app refresh (SPEC §7/§9): while logged in, usercenter/info and dimission/urge at start,
 * every 60 s, when the window gets focus (after re-reading the token cookie) and when back online.
 * Answers whether the first refresh of this login has settled.
 */
export function useSessionRefresh(loggedIn: boolean): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!loggedIn) return;
    let alive = true;
    const refresh = () => refreshSession();
    void refresh().finally(() => alive && setSettled(true));
    const timer = setInterval(refresh, REFRESH_MS);
    const onFocus = () => {
      syncTokenPresence();
      void refresh();
    };
    window.addEventListener('focus', onFocus);
    window.addEventListener('online', refresh);
    return () => {
      alive = false;
      setSettled(false);
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('online', refresh);
    };
  }, [loggedIn]);
  return settled;
}
