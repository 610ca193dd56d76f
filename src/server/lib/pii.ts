import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { maskPii, type PiiKind } from '../../contract/person';
import { piiReasonProblem } from '../../contract/pii-purpose';
import type { Db } from '../db/types';
import { badRequest } from './refusal';

/**
 * Sensitive personal information at rest (PIPL art. 28/51; ARCHITECTURE rule 9; docs/pii.md).
 *
 * A value is stored as three columns: `<f>_enc` (AES-256-GCM, `v<key>.<iv>.<tag+ciphertext>` in
 * base64url, key chosen by version so keys can rotate), `<f>_bidx` (HMAC-SHA256 blind index, for
 * equality search and unique constraints, only where needed) and `<f>_mask` (what lists show).
 * Keys come from PII_KEYS (`1:<base64 32 bytes>,2:<…>`, the last one encrypts) and
 * PII_INDEX_KEY, read and checked by config.ts; main.ts (and migrate-main.ts) hand them over once
 * with usePiiKeys before anything is sealed. Until then — tests, the demo — fixed demo keys stand
 * in, which only the demo profile may use (config.ts refuses to start production without the real ones).
 */

export interface PiiKeys {
  /** PII_KEYS: every key by its version (old ones still open what they sealed) */
  keys: ReadonlyMap<number, Buffer>;
  /** the version that seals (the last of PII_KEYS) */
  current: number;
  /** PII_INDEX_KEY: the blind index's HMAC key */
  index: Buffer;
}

const DEMO_SECRET = 'hr-console demo pii key: never use in production';
const demoKey = (what: string) => createHash('sha256').update(`${DEMO_SECRET}:${what}`).digest();
export const DEMO_PII_KEYS: PiiKeys = { keys: new Map([[1, demoKey('enc')]]), current: 1, index: demoKey('idx') };

let ring: PiiKeys = DEMO_PII_KEYS;

/**
 * Sets the keys from the configuration (main.ts, migrate-main.ts) or a test; fields left out keep
 * their value. Refuses a keyring that could not seal or open (config.ts has said why in Chinese already).
 */
export function usePiiKeys(k: Partial<PiiKeys>): void {
  const next: PiiKeys = { ...ring, ...k, keys: new Map(k.keys ?? ring.keys) };
  if (!next.keys.has(next.current)) throw new Error(`PII key v${next.current} (current) is not among the keys`);
  for (const [v, key] of next.keys) if (key.length !== 32) throw new Error(`PII key v${v} is not 32 bytes`);
  if (next.index.length !== 32) throw new Error('the PII index key is not 32 bytes');
  ring = next;
}

export function encryptPii(plain: string): string {
  const k = ring;
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', k.keys.get(k.current)!, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return `v${k.current}.${iv.toString('base64url')}.${Buffer.concat([c.getAuthTag(), body]).toString('base64url')}`;
}

export function decryptPii(sealed: string): string {
  const m = /^v(\d+)\.([\w-]+)\.([\w-]+)$/.exec(sealed);
  if (!m) throw new Error('not a sealed PII value');
  const key = ring.keys.get(Number(m[1]));
  if (!key) throw new Error(`PII key v${m[1]} is not configured`);
  const raw = Buffer.from(m[3]!, 'base64url');
  const d = createDecipheriv('aes-256-gcm', key, Buffer.from(m[2]!, 'base64url'));
  d.setAuthTag(raw.subarray(0, 16));
  return Buffer.concat([d.update(raw.subarray(16)), d.final()]).toString('utf8');
}

/** True when the value was sealed with an older key (a rotation job re-encrypts it). */
export const needsRotation = (sealed: string) => !sealed.startsWith(`v${ring.current}.`);

/** Deterministic keyed hash for equality search and uniqueness; the kind keeps kinds apart. */
export const blindIndex = (kind: PiiKind, normalized: string) => createHmac('sha256', ring.index).update(`${kind}:${normalized}`).digest('base64url');

export interface Sealed {
  enc: string;
  bidx: string;
  mask: string;
}
/** The three stored forms of one normalised value. */
export const sealPii = (kind: PiiKind, normalized: string): Sealed => ({
  enc: encryptPii(normalized),
  bidx: blindIndex(kind, normalized),
  mask: maskPii(kind, normalized),
});

/** Whose value a full view showed, as the audit trail names it: never a whole number. */
export interface PiiSubject {
  /** `departure_record`, `flex_worker`, `candidate` … and its id */
  type: string;
  id: number;
  /** the person's name ('' for a whole file, e.g. an import batch) */
  name: string;
  /** the value as lists show it (a *_mask column), never the whole value */
  mask: string;
  /** the record it was seen in, without the name: 离职记录 · 离职日期 2026-03-01 */
  label: string;
}

export interface PiiViewAudit {
  userId: number;
  companyId: number | null;
  field: PiiKind;
  /**
   * Why the user looked: the purpose they stated (contract/pii-purpose.ts) or, where the action
   * itself is the purpose, its name (预览/打印离职证明). Required: a full view without one is refused.
   */
  reason: string;
  ip?: string;
}

/**
 * Writes the audit rows of a full view (who, whom, when, why), one per subject; the one place that
 * writes pii_views. Refuses (400, nothing written) a missing or unfit reason, so no full view goes
 * unexplained. Call it in the same request that reveals, before the value leaves.
 */
export async function auditPiiViews(db: Db, a: PiiViewAudit, subjects: readonly PiiSubject[]): Promise<void> {
  const problem = piiReasonProblem(a.reason);
  if (problem) throw badRequest(problem);
  if (!subjects.length) return;
  const col = <K extends keyof PiiSubject>(k: K) => subjects.map((s) => s[k]);
  await db.query(
    `INSERT INTO pii_views (user_id, company_id, subject_type, subject_id, field, reason, ip, subject_name, subject_mask, record_label)
     SELECT $1, $2, t, id, $3, $4, $5, n, m, l
       FROM unnest($6::text[], $7::int[], $8::text[], $9::text[], $10::text[]) AS s (t, id, n, m, l)`,
    [a.userId, a.companyId, a.field, a.reason.trim(), a.ip ?? '', col('type'), col('id'), col('name'), col('mask'), col('label')],
  );
}

/** The audit row of one full view. */
export const auditPiiView = (db: Db, a: PiiViewAudit, subject: PiiSubject) => auditPiiViews(db, a, [subject]);

/** Decrypts for an entitled caller and audits the view in one step. */
export async function revealPii(db: Db, sealed: string, a: PiiViewAudit, subject: PiiSubject): Promise<string> {
  const plain = decryptPii(sealed);
  await auditPiiView(db, a, subject);
  return plain;
}
