/** Session actions that talk to the API: refresh (every 60 s), login, logout. */
import { forgetDraftSecrets } from '../lib/draft';
import { call, setToken } from '../lib/http';
import { approvalNoticeDue, nextUrgeNotice } from './rules';
import { STORAGE, clearSession, notices, session, sessionEpoch, setUserInfo, signIn } from './store';

export const REFRESH_MS = 60_000;

let urgeClosedAt: number | null = null;

/** usercenter/info (silent); shows the approval notice once per mobile (SPEC §4). */
export async function refreshUserInfo(): Promise<void> {
  if (!session.loggedIn) return;
  const previous = session.user?.company_status;
  const at = sessionEpoch();
  const info = await call('userInfo');
  // a 410000 or a logout came while this was on its way: the answer must not bring the user back
  if (sessionEpoch() !== at) return;
  setUserInfo(info);
  const key = STORAGE.approvedNotice(info.user.mobile);
  if (approvalNoticeDue(previous, info.user.company_status, localStorage.getItem(key) === '1')) {
    localStorage.setItem(key, '1');
    notices.approved = true;
  }
}

/** dimission/urge (silent): pending resignation requests. */
export async function refreshUrge(): Promise<void> {
  if (!session.loggedIn) return;
  const at = sessionEpoch();
  const { count } = await call('urge');
  if (sessionEpoch() !== at) return;
  notices.urgeTotal = count;
  notices.urgeCount = nextUrgeNotice({ shownCount: notices.urgeCount, closedAt: urgeClosedAt }, count);
  if (count === 0) urgeClosedAt = null;
}

export function closeUrgeNotice(): void {
  urgeClosedAt = notices.urgeCount;
  notices.urgeCount = 0;
}

/** The two shared fetches of the root app (SPEC §7); failures are silent and retried next time. */
export function refreshSession(): Promise<unknown> {
  return Promise.allSettled([refreshUserInfo(), refreshUrge()]);
}

/** index/setting, loaded once per session (CRC values, membership packs). */
export async function loadSetting(): Promise<void> {
  if (session.setting || !session.loggedIn) return;
  session.setting = await call('setting', {}, { hideMessage: true });
}

export async function login(mobile: string, code: string): Promise<void> {
  const data = await call('login', { body: { mobile, code } }, { loading: true });
  // who we are (company, membership) is known before the console leaves /login: the members-only
  // pages decide on arrival, and after a 410000 the user comes straight back to one of them
  setToken(data.token);
  const info = await call('userInfo', {}, { hideMessage: true }).catch(() => null);
  signIn(data.token, data.user);
  if (info) setUserInfo(info);
  urgeClosedAt = null;
  await refreshSession();
}

export async function logout(): Promise<void> {
  // the token stops working on the server; the local session is cleared whatever happens
  await call('logout', {}, { hideMessage: true }).catch(() => undefined);
  clearSession();
  forgetDraftSecrets();
}
