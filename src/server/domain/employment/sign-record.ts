/**
 * The 签署记录 of a worker's signature (issue 29 item 2): one canonical JSON text binding what was
 * signed (the agreement version and its file's SHA-256), by whom (name, masked ID number and
 * mobile, the provider's real-name check), with what intent (the SMS code sent at signing), from
 * where (IP, user agent) and when. Its SHA-256 is what the trusted timestamp covers, so a change to
 * any of it — or to the agreement file — is detected (电子签名法 art. 13).
 * A signature made through e签宝's signing flow (sign-flow.ts) is version 2: `sign_flow` adds the
 * flow's id, the signed file's SHA-256 (the agreement's before is `agreement.sha256`) and when
 * e签宝 says the signer signed; `signed_at` is then that time.
 * The text is kept exactly as hashed (sign_evidence.record); keys in a fixed order.
 */
import { createHash, randomBytes } from 'node:crypto';

export const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

/** The e签宝 flow a signature was made in, and the file it delivered. */
export interface SignFlowPart {
  provider: 'esign';
  sign_flow_id: string;
  signed_file_sha256: string;
  signed_file_name: string;
  /** e签宝's intent check at its own signing page */
  willingness: 'CODE_SMS';
}

export interface SignRecord {
  type: 'hr-console.sign-record';
  version: 1 | 2;
  company: { id: number; name: string };
  task: { id: number; name: string };
  agreement: { id: number; name: string; version: number; file_name: string; sha256: string };
  signer: { worker_id: number; name: string; id_mask: string; mobile_mask: string };
  realname: { provider: string; method: string; result: string; verify_id: string; checked_at: string } | null;
  intent: { method: 'sms'; mobile_mask: string; sent_at: string; verified_at: string };
  client: { ip: string; user_agent: string };
  sign_flow?: SignFlowPart;
  signed_at: string;
  /** random: two signatures never share a record hash */
  nonce: string;
}

/** The record's text (the bytes hashed and timestamped); `nonce` is drawn here. */
export function recordText(r: Omit<SignRecord, 'type' | 'version' | 'nonce'>): string {
  const full: SignRecord = {
    type: 'hr-console.sign-record',
    version: r.sign_flow ? 2 : 1,
    company: r.company,
    task: r.task,
    agreement: r.agreement,
    signer: r.signer,
    realname: r.realname,
    intent: r.intent,
    client: r.client,
    ...(r.sign_flow ? { sign_flow: r.sign_flow } : {}),
    signed_at: r.signed_at,
    nonce: randomBytes(16).toString('hex'),
  };
  return JSON.stringify(full, null, 2);
}

/** A stored record read back (its text is never rewritten: this only reads it for display). */
export const parseRecord = (text: string) => JSON.parse(text) as SignRecord;

/** 张** for 张晓明: the public verify page names a signer without naming them. */
export const maskPersonName = (name: string) => (name.length <= 1 ? name : name.slice(0, 1) + '*'.repeat(name.length - 1));

/** What the evidence page and the record call the provider's check methods. */
export const REALNAME_METHOD_TEXT: Record<string, string> = {
  base2: '个人二要素（姓名 + 身份证号）',
  telecom3: '运营商三要素（姓名 + 身份证号 + 手机号）',
};
