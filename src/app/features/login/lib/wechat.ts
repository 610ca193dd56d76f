/** The WeChat login's hand-over to /bind: the poll secret stays in this tab only (sessionStorage). */
export const BIND_KEY = 'wechatBind';

export interface BindTicket {
  /** the login page's poll secret (never the QR's ticket) */
  pollSecret: string;
  nickname: string;
}

export function saveBindTicket(b: BindTicket): void {
  sessionStorage.setItem(BIND_KEY, JSON.stringify(b));
}

export function readBindTicket(): BindTicket | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(BIND_KEY) ?? 'null') as Partial<BindTicket> | null;
    return v && typeof v.pollSecret === 'string' ? { pollSecret: v.pollSecret, nickname: typeof v.nickname === 'string' ? v.nickname : '' } : null;
  } catch {
    return null;
  }
}

export const clearBindTicket = () => sessionStorage.removeItem(BIND_KEY);

/** How often the login page asks whether the phone confirmed. */
export const POLL_MS = 2000;
