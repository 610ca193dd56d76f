/**
 * Session state (valtio): token presence, user and member info, settings, the two notices.
 * User and member info are also kept in localStorage so a reload shows the shell at once;
 * the token lives only in its cookie (15 days, SPEC §6).
 */
import { proxy } from 'valtio';
import type { Member, SettingData, User, UserCenterInfoData } from '../../../contract';
import { getToken, removeToken, setToken } from '../lib/http';

export const STORAGE = {
  user: 'userInfo',
  member: 'memberInfo',
  /** `approvedNotice:{mobile}` = 1 once the approval notice was shown for that mobile */
  approvedNotice: (mobile: string) => `approvedNotice:${mobile}`,
} as const;

function load<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
function save(key: string, value: unknown): void {
  if (value === null || value === undefined) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(value));
}

export interface SessionState {
  /** a token cookie exists (its value never enters state) */
  loggedIn: boolean;
  user: User | null;
  member: Member | null;
  setting: SettingData | null;
}

export const session = proxy<SessionState>({
  loggedIn: !!getToken(),
  user: getToken() ? load<User>(STORAGE.user) : null,
  member: getToken() ? load<Member>(STORAGE.member) : null,
  setting: null,
});

export interface NoticeState {
  /** the company-approved notice is showing */
  approved: boolean;
  /** the urge notice: shown with this count, 0 = hidden */
  urgeCount: number;
  /** pending resignation requests as last fetched (home 待办), null until the first answer */
  urgeTotal: number | null;
}
export const notices = proxy<NoticeState>({ approved: false, urgeCount: 0, urgeTotal: null });

/** After a successful login. */
export function signIn(token: string, user: User): void {
  setToken(token);
  session.loggedIn = true;
  session.user = user;
  save(STORAGE.user, user);
}

/** Save a fresh usercenter/info answer. */
export function setUserInfo(info: UserCenterInfoData): void {
  session.user = info.user;
  session.member = info.member;
  save(STORAGE.user, info.user);
  save(STORAGE.member, info.member);
}

// bumped by every clearSession: an answer to a call sent before a logout or a 410000 is dropped
let epoch = 0;
/** Which session a call belongs to: compare before and after awaiting its answer. */
export const sessionEpoch = (): number => epoch;

/** Logout and 410000: clear the token and the stored user/company data. */
export function clearSession(): void {
  epoch += 1;
  removeToken();
  localStorage.removeItem(STORAGE.user);
  localStorage.removeItem(STORAGE.member);
  session.loggedIn = false;
  session.user = null;
  session.member = null;
  notices.approved = false;
  notices.urgeCount = 0;
  notices.urgeTotal = null;
}

/** Re-read the cookie (another tab may have logged out). */
export function syncTokenPresence(): void {
  const has = !!getToken();
  if (!has && session.loggedIn) clearSession();
  session.loggedIn = has;
}
