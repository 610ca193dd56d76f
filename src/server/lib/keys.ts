/**
 * The server's own secret keys (not the personal-data keys: lib/pii.ts). config.ts reads and
 * checks them (production requires each); main.ts hands them over once with useServerKeys before
 * the server starts. Until then — tests, the demo — fixed demo keys stand in, which only the
 * demo profile may use (config.ts refuses to start production without the real ones).
 */
import { createHash } from 'node:crypto';

export interface ServerKeys {
  /** SMS_CODE_KEY: SMS codes are kept as HMAC(key, mobile:code) — a leaked table gives no working codes */
  smsCode: Buffer;
  /** PAYOUT_CHANNEL_KEY: the payout channel's notification signature */
  payoutChannel: Buffer;
}

const demoKey = (what: string) => createHash('sha256').update(`hr-console demo ${what} key: never use in production`).digest();
export const DEMO_SERVER_KEYS: ServerKeys = { smsCode: demoKey('sms code'), payoutChannel: demoKey('payout channel') };

let keys: ServerKeys = DEMO_SERVER_KEYS;

export const serverKeys = (): ServerKeys => keys;

/** Sets the keys from the configuration (main.ts) or a test; fields left out keep their value. */
export function useServerKeys(k: Partial<ServerKeys>): void {
  keys = { ...keys, ...k };
}
