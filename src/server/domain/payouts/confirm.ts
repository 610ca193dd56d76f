/**
 * 确认发放 (issue 13, four eyes since issue 27: approval.ts): an SMS code to the approver's own mobile, then the confirm itself — a
 * compare-and-set 待支付 → 发放中 that debits exactly once, however many confirms race (double
 * click, a second tab, a retry after a timeout, another server).
 *
 * Every refusal that does not depend on the code (the batch's state, the balance, the monthly cap)
 * comes before the code is looked at, so none of them spends or counts the code: after a top-up or
 * a raised cap the same code confirms. A wrong code counts its attempt (commitThenRefuse).
 */
import type { BatchStatus, LedgerType } from '../../../contract/payouts-rules';
import { maskMobile } from '../../../contract/person';
import type { Db } from '../../db/types';
import { randomDigits, safeEqual } from '../../lib/crypto';
import { blindIndex, decryptPii } from '../../lib/pii';
import { Refusal, badRequest, commitThenRefuse, conflict, failed, tooMany } from '../../lib/refusal';
import { approvalFacts, approvalStep } from './approval';
import { addSeconds } from '../../lib/time';
import { smsSender } from '../../adapters/sms';
import { enqueuePayoutCode } from '../../jobs/sms';
import { smsCodeHmac } from '../sms-codes';
import { log, ownBatch, type Actor } from './batches';
import { yuanText as yuan } from '../../../contract/money';
import { batchOverCap } from './cap';
import { balanceOf, post, settingsOf } from './ledger';
import type { PayoutChannelClient } from '../../adapters/payout-channel';
import { startPaying } from './paying';
import { submitBatch } from './submit';
import { approvalWaiting } from '../messages/events';

export const CODE_INTERVAL_S = 60;
const CODE_TTL_S = 300;
const CODE_MAX_ATTEMPTS = 5;
const CODES_PER_BATCH = 10;

/** A batch's code is bound to the batch: the HMAC covers its number as well as the digits. */
const codeHmac = (mobile: string, batchNo: string, code: string) => smsCodeHmac(mobile, `pay:${batchNo}:${code}`);

/** A code row names the approver's mobile by its blind index only (migration 042). */
const codeKey = (mobile: string) => blindIndex('mobile', mobile);

/**
 * Sends the 确认发放 code of a 待支付 batch to the approver's own mobile, `mobileEnc` sealed (with
 * sandboxes on, into the sandbox's outbox). Answers the masked mobile and when another may be asked for.
 */
export async function sendBatchCode(
  db: Db,
  o: { companyId: number; batchId: number; userId: number; mobileEnc: string },
  now: Date,
  opts: { sandbox: boolean },
) {
  const mobile = decryptPii(o.mobileEnc);
  await db.tx(async (t) => {
    const b = await ownBatch(t, o.batchId, o.companyId, true);
    if (b.status !== 'unpaid') throw conflict(b.status === 'draft' ? '请先提交批次' : '该批次不在待支付状态');
    // four eyes: no code (and no SMS) for someone who may not approve this batch
    const step = await approvalStep(t, o.companyId, await approvalFacts(t, b.id), o.userId);
    if (step instanceof Refusal) throw step;
    // the interval is per approver's mobile: two approvers of one batch do not wait for each other
    const last = await t.one<{ sent_at: Date }>('SELECT sent_at FROM payout_codes WHERE batch_id = $1 AND mobile_bidx = $2 ORDER BY id DESC LIMIT 1', [
      b.id,
      codeKey(mobile),
    ]);
    const since = last ? (now.getTime() - last.sent_at.getTime()) / 1000 : Infinity;
    if (since < CODE_INTERVAL_S) throw tooMany(`验证码发送过于频繁，请${Math.ceil(CODE_INTERVAL_S - since)}秒后再试`);
    const sent = await t.one<{ n: number }>('SELECT count(*)::int AS n FROM payout_codes WHERE batch_id = $1', [b.id]);
    if (sent!.n >= CODES_PER_BATCH) throw tooMany('该批次验证码发送次数已达上限');
    const code = randomDigits(6);
    const row = await t.one<{ id: number }>(
      'INSERT INTO payout_codes (batch_id, mobile_bidx, code_hmac, sent_at, expires_at, company_id) VALUES ($1,$2,$3,$4,$5,$6) RETURNING id',
      [b.id, codeKey(mobile), codeHmac(mobile, b.batch_no, code), now, addSeconds(now, CODE_TTL_S), o.companyId],
    );
    if (opts.sandbox)
      await t.query('INSERT INTO sandbox_payout_sms_outbox (mobile, batch_no, code, sent_at) VALUES ($1,$2,$3,$4)', [mobile, b.batch_no, code, now]);
    // production: the durable `sms-send` job once this commits (the code was only ever written to the
    // sandbox's outbox before); without a queue, the provider inline — a refusal rolls the code back
    else if (!(await enqueuePayoutCode(t, row!.id, mobile, code))) {
      const provider = smsSender();
      if (!provider) throw failed('短信服务未配置，无法发送验证码');
      await provider.sendCode(mobile, code).catch(() => {
        throw failed('短信发送失败，请稍后再试');
      });
    }
  });
  return { mobile: maskMobile(mobile), retry_after: CODE_INTERVAL_S };
}

export interface ConfirmInput extends Actor {
  batchId: number;
  code: string;
  /** the confirming user's own mobile, sealed (users.mobile_enc): the code must have been sent to it */
  mobileEnc: string;
}

/** Where 确认发放 sends the rows when the server has no queue (a test server built in-process). */
export interface ConfirmChannel {
  /** the server's payout channel (routes/payout-channel-provider.ts); null: none configured, 确认发放 is refused */
  channel: PayoutChannelClient | null;
  /** a sending that failed after the commit (the rows wait 发放中 for the reconcile) */
  log?: { warn(o: object, m: string): void };
}

export const MSG_NO_CHANNEL = '发放通道未配置，暂不能确认发放';

export interface ConfirmResult {
  status: BatchStatus;
  duplicate: boolean;
  /** the first of two approvals: recorded, nothing paid (approval.ts) */
  first_approval: boolean;
}

/**
 * 确认发放: debits the batch's 实发, 税费 and 服务费 once and moves its rows to 发放中. A repeat
 * (the batch already past 待支付) answers `duplicate: true` and pays nothing more. Above the
 * company's 双人审批额度 the first approver's confirm records the approval and pays nothing.
 * The rows go to the channel by the `payout-submit` job enqueued with them (paying.ts); without a
 * queue, through `send.channel` once committed. `send` left out: nothing is sent (tests of the rule alone).
 */
export async function confirmBatch(db: Db, o: ConfirmInput, now: Date, send?: ConfirmChannel): Promise<ConfirmResult> {
  const { companyId } = o;
  const paid = (status: BatchStatus, duplicate: boolean): ConfirmResult => ({ status, duplicate, first_approval: false });
  let sendNow = false;
  const r = await commitThenRefuse(db, async (t) => {
    sendNow = false;
    const b = await ownBatch(t, o.batchId, companyId, true);
    // a repeat (double click, second tab, retry after a timeout) pays nothing more
    if (b.status === 'paying' || b.status === 'done' || b.status === 'partial') return paid(b.status, true);
    if (b.status !== 'unpaid') return conflict(b.status === 'draft' ? '请先提交批次' : '该批次已关闭');
    const facts = await approvalFacts(t, b.id);
    const step = await approvalStep(t, companyId, facts, o.userId);
    if (step instanceof Refusal) return step;
    const money = await t.one<{ gross: string; fee: string; tax: string; net: string }>(
      'SELECT gross::text, fee::text, tax::text, net::text FROM payout_batches WHERE id = $1',
      [b.id],
    );
    const debit = Number(money!.gross) + Number(money!.fee);
    const balance = await balanceOf(t, companyId, true);
    if (balance < debit) return conflict(`账户余额不足（需${yuan(debit)}，余额${yuan(balance)}），请先充值`);
    const s = await settingsOf(t, companyId);
    const capErr = await batchOverCap(t, companyId, b.id, s.monthly_cap_fen, now);
    if (capErr) return capErr;
    // no channel to send the rows to: nothing is debited for a batch that cannot be paid
    if (send && !send.channel) return conflict(MSG_NO_CHANNEL);
    // the code last: only a confirm that would otherwise pay spends it
    const mobile = decryptPii(o.mobileEnc);
    const code = await t.one<{ id: number; code_hmac: string; expires_at: Date; attempts: number; consumed_at: Date | null }>(
      'SELECT id, code_hmac, expires_at, attempts, consumed_at FROM payout_codes WHERE batch_id = $1 AND mobile_bidx = $2 ORDER BY id DESC LIMIT 1',
      [b.id, codeKey(mobile)],
    );
    if (!code || code.consumed_at) return badRequest('请先获取验证码');
    if (code.attempts >= CODE_MAX_ATTEMPTS) return tooMany('验证码错误次数过多，请重新获取');
    if (code.expires_at.getTime() <= now.getTime()) return badRequest('验证码已过期，请重新获取');
    if (!safeEqual(code.code_hmac, codeHmac(mobile, b.batch_no, o.code))) {
      await t.query('UPDATE payout_codes SET attempts = attempts + 1 WHERE id = $1', [code.id]);
      return badRequest('验证码错误');
    }
    await t.query('UPDATE payout_codes SET consumed_at = $2 WHERE id = $1', [code.id, now]);
    if (step === 'first') {
      await t.query('UPDATE payout_batches SET first_approved_by = $2, first_approved_at = $3 WHERE id = $1', [b.id, o.userId, now]);
      await log(
        t,
        companyId,
        b.id,
        '审批',
        `第一审批人已审批（扣款${yuan(debit)}超过双人审批额度${yuan(s.approval_threshold_fen)}），待第二位审批人确认发放`,
        o.actor,
        o.ip,
        now,
      );
      await approvalWaiting(t, b.id, now);
      return { status: 'unpaid' as BatchStatus, duplicate: false, first_approval: true };
    }
    // the compare-and-set: only one caller moves 待支付 → 发放中, and only that one debits
    const won = await t.one(
      `UPDATE payout_batches SET status = 'paying', confirmed_at = $2, confirmed_by = $3 WHERE id = $1 AND status = 'unpaid' RETURNING id`,
      [b.id, now, o.userId],
    );
    if (!won) return paid('paying', true);
    const debits: [LedgerType, number, string][] = [
      ['payout', Number(money!.net), '实发金额'],
      ['tax', Number(money!.tax), '代扣税费'],
      ['fee', Number(money!.fee), '服务费'],
    ];
    for (const [type, v, remark] of debits) if (v > 0) await post(t, companyId, type, -v, { batch_id: b.id, ref_no: b.batch_no, remark }, now);
    sendNow = !(await startPaying(t, b.id)).queued;
    await log(
      t,
      companyId,
      b.id,
      '确认发放',
      `扣款${yuan(debit)}（实发${yuan(Number(money!.net))}，税费${yuan(Number(money!.tax))}，服务费${yuan(Number(money!.fee))}）`,
      o.actor,
      o.ip,
      now,
    );
    return paid('paying', false);
  });
  if (sendNow && send?.channel) {
    // no queue: sent now that the debit is committed; a channel that fails leaves the rows 发放中
    // for the reconcile (submit.ts), the confirm stands
    await submitBatch(db, send.channel, o.batchId, now).catch((err: unknown) =>
      send.log?.warn({ err, batchId: o.batchId }, '确认发放后提交发放通道失败，明细保持发放中，待对账重新提交'),
    );
  }
  return r;
}
