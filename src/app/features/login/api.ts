import { call } from '../../shared/lib/http';

/** POST /ent/v3/login/code: the SMS code goes out (to the sandbox inbox in development). */
export function sendLoginCode(mobile: string) {
  return call('loginCode', { body: { mobile } }, { dedupeMs: 0 });
}

/** WeChat scan login: the QR's content (the sandbox's confirm page) and this page's poll secret. */
export const wechatQr = () => call('wechatQr', {}, { dedupeMs: 0 });

/** Polled while the QR shows (the poll secret in the POST body); answers the token once the phone confirmed. */
export const wechatStatus = (pollSecret: string) => call('wechatStatus', { body: { poll_secret: pollSecret } }, { hideMessage: true, dedupeMs: 0 });

export const wechatBind = (pollSecret: string, mobile: string, code: string) =>
  call('wechatBind', { body: { poll_secret: pollSecret, mobile, code } }, { loading: true });
