/**
 * 实名认证 through the e-sign provider (issue 29 item 3): after the free filters of worker-steps.ts
 * (GB 11643 check digit, the person on file), the provider's 个人2要素 (name + ID number) always,
 * then its 运营商3要素 (name + ID number + the worker's mobile on file) when the setting asks for it
 * (ESIGN_REALNAME_TELECOM3). Each answer (一致 / 不一致) is kept in realname_checks (migration 048)
 * as evidence for the signature; a provider that cannot answer writes nothing and refuses with a
 * 503-coded envelope, so the worker may simply try again.
 */
import { Code } from '../../../contract/envelope';
import { ESIGN_CODES, EsignUnavailable, type EsignClient, type RealnameMethod, type RealnameResult } from '../../adapters/esign';
import type { Db } from '../../db/types';
import { decryptPii } from '../../lib/pii';
import { Refusal } from '../../lib/refusal';
import type { InviteRow } from './worker-invite';

export const MSG_REALNAME_MISMATCH = '姓名与身份证号不一致，认证失败';
export const MSG_REALNAME_MOBILE_MISMATCH = '手机号与身份证号不一致，认证失败';
export const MSG_REALNAME_DOWN = '实名认证服务暂不可用，请稍后再试';
export const MSG_REALNAME_NONE = '实名认证服务未开通，请联系发布任务的企业';

/** The configured provider and whether 三要素 (with the mobile) follows 二要素. */
export interface RealnameProvider {
  client: EsignClient;
  telecom3: boolean;
}

export interface RealnameCheck {
  provider: 'esign';
  method: RealnameMethod;
  result: 'consistent' | 'inconsistent';
  provider_code: number;
  verify_id: string;
  checked_at: Date;
}

const unavailable = () => new Refusal(Code.UNAVAILABLE, MSG_REALNAME_DOWN);

async function record(db: Db, w: InviteRow, r: RealnameResult, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO realname_checks (company_id, worker_id, task_id, task_worker_id, provider, method, result, provider_code, verify_id, checked_at)
     VALUES ($1, $2, $3, $4, 'esign', $5, $6, $7, $8, $9)`,
    [w.company_id, w.worker_id, w.task_id, w.id, r.method, r.consistent ? 'consistent' : 'inconsistent', r.code, r.verifyId, now],
  );
}

/**
 * The provider's checks of a name and ID number already matched to the person on file; refuses
 * on 不一致 (recorded) or when the provider cannot answer (nothing recorded).
 */
export async function providerRealname(
  db: Db,
  provider: RealnameProvider | null,
  w: InviteRow,
  name: string,
  idNo: string,
  now: Date,
  log: (err: unknown) => void = () => undefined,
): Promise<void> {
  if (!provider) throw new Refusal(Code.CONFLICT, MSG_REALNAME_NONE);
  const ask = async (call: () => Promise<RealnameResult>) => {
    try {
      return await call();
    } catch (err) {
      if (err instanceof EsignUnavailable) {
        log(err);
        throw unavailable();
      }
      throw err;
    }
  };
  const base = await ask(() => provider.client.verifyBase(name, idNo));
  await record(db, w, base, now);
  if (!base.consistent) throw new Refusal(Code.BAD_REQUEST, MSG_REALNAME_MISMATCH);
  if (!provider.telecom3) return;
  const tel = await ask(() => provider.client.verifyTelecom3(name, idNo, decryptPii(w.mobile_enc)));
  await record(db, w, tel, now);
  if (!tel.consistent) throw new Refusal(Code.BAD_REQUEST, tel.code === ESIGN_CODES.nameIdMismatch ? MSG_REALNAME_MISMATCH : MSG_REALNAME_MOBILE_MISMATCH);
}

/** A task worker's checks, newest first (the evidence page of a signature). */
export async function realnameChecks(db: Db, companyId: number, taskWorkerId: number): Promise<RealnameCheck[]> {
  return db.query<RealnameCheck>(
    `SELECT provider, method, result, provider_code, verify_id, checked_at FROM realname_checks
      WHERE company_id = $1 AND task_worker_id = $2 ORDER BY checked_at DESC, id DESC`,
    [companyId, taskWorkerId],
  );
}
