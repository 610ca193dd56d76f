/**
 * Money under four eyes (issue 27), the maker–checker rule of corporate banking: the person who
 * submitted a batch (招聘/人事/财务 prepare and submit) never approves it; a 财务 or 管理员 other than
 * the submitter asks for the code on their own mobile and confirms. A debit above the company's
 * 双人审批额度 needs two approvers: the first one's confirm records the approval and pays nothing,
 * the second (another person again) pays. A company of one person may let that person approve what
 * they submitted, when its settings say so (单人审批), and only while it has one member.
 *
 * One home: the code request (sendBatchCode), the confirm (confirmBatch) and the batch's detail
 * (what the console shows and disables) all ask `approvalStep`.
 */
import type { Db } from '../../db/types';
import { forbidden, type Refusal } from '../../lib/refusal';
import { settingsOf } from './ledger';

export const MSG_OWN_BATCH = '您提交的批次需由其他财务或管理员审批，提交人不能确认发放';
export const MSG_OWN_BATCH_SOLO = '您提交的批次需由其他财务或管理员审批；企业仅您一人时，可由管理员在发放设置中开启单人审批';
export const MSG_SECOND_APPROVER = '您已审批过该批次，金额超过双人审批额度，需由另一位财务或管理员确认发放';

/** 'first': this approval is the first of two and pays nothing; 'final': it pays. */
export type ApprovalStep = 'first' | 'final';

export interface BatchApprovalFacts {
  submitted_by: number | null;
  first_approved_by: number | null;
  /** what confirming debits: 应发总额 + 服务费 */
  debit: number;
}

export async function approvalFacts(db: Db, batchId: number): Promise<BatchApprovalFacts> {
  const r = await db.one<{ submitted_by: number | null; first_approved_by: number | null; debit: string }>(
    'SELECT submitted_by, first_approved_by, (gross + fee)::text AS debit FROM payout_batches WHERE id = $1',
    [batchId],
  );
  return { submitted_by: r?.submitted_by ?? null, first_approved_by: r?.first_approved_by ?? null, debit: Number(r?.debit ?? 0) };
}

/** Admitted members of the company (单人审批 holds only while this is 1). */
export async function memberCount(db: Db, companyId: number): Promise<number> {
  const r = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE company_id = $1 AND member_status = 'normal'`, [companyId]);
  return r!.n;
}

/**
 * How many approvers the batch needs in this company (2 above the 双人审批额度, unless one person
 * approves alone), and what the user's approval of it would be, or why they may not give it. The
 * caller's permission (payout.approve) is the endpoint's; this is the four-eyes part. The settings
 * and the member count are read once.
 */
export async function approvalOf(db: Db, companyId: number, b: BatchApprovalFacts, userId: number): Promise<{ needed: 1 | 2; step: ApprovalStep | Refusal }> {
  const s = await settingsOf(db, companyId);
  const members = await memberCount(db, companyId);
  const solo = s.self_approval && members === 1;
  const needed = !solo && s.approval_threshold_fen > 0 && b.debit > s.approval_threshold_fen ? 2 : 1;
  if (b.submitted_by === userId && !solo) return { needed, step: forbidden(members === 1 ? MSG_OWN_BATCH_SOLO : MSG_OWN_BATCH) };
  if (needed === 1 || b.first_approved_by === null) return { needed, step: needed === 1 ? 'final' : 'first' };
  return { needed, step: b.first_approved_by === userId ? forbidden(MSG_SECOND_APPROVER) : 'final' };
}

/** The user's approval of a 待支付 batch (`approvalOf`'s step). */
export async function approvalStep(db: Db, companyId: number, b: BatchApprovalFacts, userId: number): Promise<ApprovalStep | Refusal> {
  return (await approvalOf(db, companyId, b, userId)).step;
}
