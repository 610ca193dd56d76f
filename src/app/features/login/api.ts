import { call } from '../../shared/lib/http';

/** POST /ent/v3/login/code: the SMS code goes out (to the sandbox inbox in development). */
export function sendLoginCode(mobile: string) {
  return call('loginCode', { body: { mobile } }, { dedupeMs: 0 });
}

/** WeChat scan login: a ticket and the QR's content (the sandbox's confirm page). */
export const wechatQr = () => call('wechatQr', {}, { dedupeMs: 0 });

/** Polled while the QR shows; answers the token once the phone confirmed. */
export const wechatStatus = (ticket: string) => call('wechatStatus', { params: { ticket } }, { hideMessage: true });

export const wechatBind = (ticket: string, mobile: string, code: string) =>
  call('wechatBind', { body: { ticket, mobile, code } }, { loading: true });
