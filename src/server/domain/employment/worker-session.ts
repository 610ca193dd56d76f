/**
 * The SMS check of a worker's invitation: a code to the mobile on file (the SMS-code service, its
 * limits counted also against the link: anyone holding it may press 获取验证码), and, with the
 * right code, a new worker session for this invitation only.
 */
import { randomBytes } from 'node:crypto';
import type { InviteData } from '../../../contract/worker';
import type { Db } from '../../db/types';
import { sha256hex } from '../../lib/crypto';
import type { LoginLimits } from '../../lib/limits';
import { decryptPii } from '../../lib/pii';
import { commitThenRefuse, conflict } from '../../lib/refusal';
import { addSeconds } from '../../lib/time';
import { consumeSmsCode, issueSmsCode, SMS_INTERVAL_S } from '../sms-codes';
import { markMobileVerified } from './people';
import { inviteView, type WorkerCtx } from './worker-page';
import { loadInvite, sessionInvite, WORKER_SESSION_S } from './worker-invite';

/** Sends a code to the invited mobile (never to one typed on the page). */
export async function sendWorkerCode(db: Db, token: string, ip: string, now: Date, limits: LoginLimits, sandbox: boolean) {
  const w = await loadInvite(db, token);
  const mobile = decryptPii(w.mobile_enc);
  await commitThenRefuse(db, (t) => issueSmsCode(t, mobile, { ip, token, purpose: 'worker' }, now, limits, sandbox));
  return { retry_after: SMS_INTERVAL_S, mobile_mask: w.mobile_mask };
}

/**
 * The intent code of signing (issue 29 item 2): after the SMS check, to the same verified mobile,
 * a code of its own purpose — only the signature uses it up (sign-evidence.ts).
 */
export async function sendSignCode(db: Db, token: string, secret: string, ip: string, now: Date, limits: LoginLimits, sandbox: boolean) {
  const w = await sessionInvite(db, token, secret, now);
  if (w.sign_status !== 'pending' || w.work_status === 'applied') throw conflict('当前状态不能签署');
  const mobile = decryptPii(w.mobile_enc);
  await commitThenRefuse(db, (t) => issueSmsCode(t, mobile, { ip, token, purpose: 'sign' }, now, limits, sandbox));
  return { retry_after: SMS_INTERVAL_S, mobile_mask: w.mobile_mask };
}

/**
 * Checks the code and opens a session: the secret for the cookie and the page as it now stands.
 * A wrong code is refused after the commit, so the try stays counted. A new check replaces the
 * invitation's earlier session (another phone holding the old cookie is signed out).
 */
export async function verifyWorkerCode(
  db: Db,
  ctx: Omit<WorkerCtx, 'secret'>,
  code: string,
  limits: LoginLimits,
): Promise<{ secret: string; view: InviteData }> {
  const w = await loadInvite(db, ctx.token);
  const mobile = decryptPii(w.mobile_enc);
  const secret = randomBytes(32).toString('base64url');
  await commitThenRefuse(db, async (t) => {
    const wrong = await consumeSmsCode(t, mobile, code, 'worker', ctx.now, limits);
    if (wrong) return wrong;
    // the mobile on file is the worker's own from now on: HR can no longer replace it (people.ts)
    await markMobileVerified(t, w.worker_id, ctx.now);
    await t.query('UPDATE flex_task_workers SET session_hash = $2, session_until = $3 WHERE id = $1', [
      w.id,
      sha256hex(secret),
      addSeconds(ctx.now, WORKER_SESSION_S),
    ]);
    return null;
  });
  return { secret, view: await inviteView(db, { ...ctx, secret }) };
}
