/**
 * The evidence of a worker's signature (issue 29 item 2): what was signed (the agreement file's
 * SHA-256, checked again at the moment of signing), by whom (the real-name check), with what intent
 * (an SMS code sent at signing to the worker's verified mobile), when (an RFC 3161 timestamp of the
 * 签署记录 — the canonical record binding all of it), from where (IP, user agent).
 * Signed through e签宝's signing flow, the evidence also names the flow and the signed file e签宝
 * delivered (its SHA-256 after signing; the agreement's is the one before), kept with it.
 * HR opens it per signature (签署证据) and downloads the package; anyone can check a file's hash
 * against what was signed (/m/verify). What each figure means: docs/decisions.md (签署证据).
 */
import { z } from 'zod';
import { ep, type Endpoint } from './endpoint';
import { IdParam } from './common';
import { PayExport } from './payouts';

/** A live re-check of one part of the evidence, made when the page is opened. */
export const EvidenceCheck = z.object({ ok: z.boolean(), detail: z.string() });
export type EvidenceCheck = z.infer<typeof EvidenceCheck>;

export const SignEvidenceData = z.object({
  id: z.number().int(),
  task: z.object({ id: z.number().int(), name: z.string() }),
  company_name: z.string(),
  signer: z.object({ name: z.string(), id_mask: z.string(), mobile_mask: z.string() }),
  agreement: z.object({ id: z.number().int(), name: z.string(), version: z.number().int(), file_name: z.string(), sha256: z.string() }),
  /** the provider's real-name check behind this signature; null when the task needs none */
  realname: z.object({ provider: z.string(), method: z.string(), result: z.string(), verify_id: z.string(), checked_at: z.string() }).nullable(),
  intent: z.object({ method: z.string(), mobile_mask: z.string(), sent_at: z.string(), verified_at: z.string() }),
  /** SHA-256 of the 签署记录 (the signed record), which the timestamp covers */
  record_sha256: z.string(),
  timestamp: z.object({ tsa: z.string(), serial: z.string(), time: z.string() }),
  ip: z.string(),
  user_agent: z.string(),
  signed_at: z.string(),
  /** signed at e签宝: the flow, and the signed file (SHA-256 after signing) kept with the evidence; null: signed in-house */
  sign_flow: z
    .object({ provider: z.string(), sign_flow_id: z.string(), signed_sha256: z.string(), signed_file_name: z.string(), willingness: z.string() })
    .nullable(),
  /** re-made now: the stored agreement file still hashes the same, the record too, the timestamp verifies; and the signed file kept (null: none) */
  checks: z.object({ agreement_file: EvidenceCheck, record: EvidenceCheck, timestamp: EvidenceCheck, signed_file: EvidenceCheck.nullable() }),
});
export type SignEvidenceData = z.infer<typeof SignEvidenceData>;

export const SHA256_RE = /^[0-9a-f]{64}$/;
export const VerifyQuery = z.strictObject({
  sha256: z.string().trim().toLowerCase().regex(SHA256_RE, '请选择要校验的文件'),
});
/** What a hash matched: an agreement's original file, a signed file e签宝 delivered, or a 签署记录; the names masked. */
export const VerifyData = z.object({
  found: z.boolean(),
  kind: z.enum(['agreement', 'signed', 'record', '']),
  company_name: z.string(),
  agreement_name: z.string(),
  version: z.number().int(),
  /** for a record or a signed file: its signer (masked), signing time and the timestamp's verdict */
  signer: z.string(),
  signed_at: z.string(),
  timestamp_time: z.string(),
  timestamp_ok: z.boolean(),
  /** for an agreement: how many signatures it carries */
  signed_count: z.number().int(),
});
export type VerifyData = z.infer<typeof VerifyData>;

export const signEvidenceEndpoints = {
  /** the latest signature of a task worker (人员管理 → 签署证据) */
  empSignEvidence: ep({ method: 'GET', path: '/employment/task-worker/:id/evidence', params: IdParam, data: SignEvidenceData, auth: true, perm: 'hr' }),
  /** the evidence package (.zip: the record, the agreement file, the timestamp token, the TSA certificate, how to check) */
  empSignEvidencePackage: ep({ method: 'GET', path: '/employment/sign-evidence/:id/package', params: IdParam, data: PayExport, auth: true, perm: 'hr' }),
  /** the signed PDF e签宝 delivered (a signature made through its signing flow) */
  empSignedFile: ep({ method: 'GET', path: '/employment/sign-evidence/:id/signed-file', params: IdParam, data: PayExport, auth: true, perm: 'hr' }),
  /** public: does a file (its SHA-256, computed in the browser) match what was signed? */
  verifySigned: ep({ method: 'GET', path: '/verify/signed', query: VerifyQuery, data: VerifyData, auth: false }),
} as const satisfies Record<string, Endpoint>;
