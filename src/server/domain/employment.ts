/**
 * 灵活用工 rules the routes, the sandbox's worker pages and the seed share: loading a company's
 * task (another company's answers as missing), the status machine, adding people (sealed PII),
 * signing against the agreement version in effect, and the hook the payout side (issue 13) reads.
 */
import { randomBytes } from 'node:crypto';
import {
  nextTaskStatus,
  signExpired,
  type SignStatus,
  type TaskStatus,
  type TaskTransition,
  type WorkStatus,
  workStatusAfterHire,
} from '../../contract/employment-rules';
import { certNoProblem, isBankCard, isMobile, isPersonName, luhnOk, maskMobile, normalizeDigits, type CertType } from '../../contract/person';
import type { Db } from '../db/types';
import { badRequest, conflict, notFound } from '../lib/refusal';
import { sealPii } from '../lib/pii';
import { fmtDate } from '../lib/time';

export const MSG_TASK_MISSING = '任务不存在';

export interface TaskRow {
  id: number;
  company_id: number;
  task_no: string;
  name: string;
  category: string;
  description: string;
  standard: string;
  work_mode: string;
  address: string;
  start_date: string | null;
  end_date: string | null;
  signup_deadline: string | null;
  headcount: number;
  pay_amount: number;
  pay_unit: string;
  settle_mode: string;
  need_sign: boolean;
  attachments: { media_id: string; name: string; size: number }[];
  status: TaskStatus;
  reject_reason: string;
  signup_mode: string;
  signup_review: boolean;
  need_realname: boolean;
  settle_cycle: string;
  auto_accept_days: number;
  notify_sms: boolean;
  notify_site: boolean;
  public_token: string;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

const TASK_COLS = `id, company_id, task_no, name, category, description, standard, work_mode, address,
  to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date,
  to_char(signup_deadline, 'YYYY-MM-DD') AS signup_deadline, headcount, pay_amount, pay_unit, settle_mode, need_sign,
  attachments, status, reject_reason, signup_mode, signup_review, need_realname, settle_cycle, auto_accept_days,
  notify_sms, notify_site, public_token, created_by, created_at, updated_at`;

/** The task if it is the company's; another company's task answers exactly like a missing one. */
export async function ownTask(db: Db, id: number, companyId: number, lock = false): Promise<TaskRow> {
  const t = await db.one<TaskRow>(`SELECT ${TASK_COLS} FROM flex_tasks WHERE id = $1 AND company_id = $2${lock ? ' FOR UPDATE' : ''}`, [id, companyId]);
  if (!t) throw notFound(MSG_TASK_MISSING);
  return t;
}

export const taskById = (db: Db, id: number) => db.one<TaskRow>(`SELECT ${TASK_COLS} FROM flex_tasks WHERE id = $1`, [id]);
export const taskByPublicToken = (db: Db, token: string) => db.one<TaskRow>(`SELECT ${TASK_COLS} FROM flex_tasks WHERE public_token = $1`, [token]);

export const newToken = () => randomBytes(18).toString('base64url');

/** `RW` + China date + 4 random digits, unique by the table's constraint (retried by the caller). */
export const newTaskNo = (now: Date) => `RW${fmtDate(now).replace(/-/g, '')}${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`;

/** Moves a task along TASK_TRANSITIONS (inside the caller's transaction) or refuses with 409. */
export async function transitionTask(db: Db, task: Pick<TaskRow, 'id' | 'status'>, action: TaskTransition, now: Date, reason = ''): Promise<TaskStatus> {
  const to = nextTaskStatus(task.status, action);
  if (!to) throw conflict(`当前状态的任务不能${ACTION_WORDS[action]}`);
  const r = await db.one<{ id: number }>(
    `UPDATE flex_tasks SET status = $3, updated_at = $4,
            reject_reason = CASE WHEN $3 = 'rejected' THEN $5 WHEN $3 = 'review' THEN '' ELSE reject_reason END,
            submitted_at = CASE WHEN $3 = 'review' THEN $4 ELSE submitted_at END,
            reviewed_at = CASE WHEN $3 IN ('recruiting', 'rejected') AND status = 'review' THEN $4 ELSE reviewed_at END
      WHERE id = $1 AND status = $2 RETURNING id`,
    [task.id, task.status, to, now, reason],
  );
  // compare-and-set: someone else moved it first
  if (!r) throw conflict('任务状态已变化，请刷新后重试');
  return to;
}
const ACTION_WORDS: Record<TaskTransition, string> = {
  submit: '提交审核',
  approve: '审核通过',
  reject: '驳回',
  start: '开始',
  end: '结束',
  cancel: '取消',
};

/** The platform's review of a task (the sandbox operator page): reason required on rejection. */
export async function reviewTask(db: Db, id: number, result: 'pass' | 'reject', reason: string, now: Date) {
  if (result === 'reject' && !reason.trim()) throw badRequest('驳回时请填写驳回原因');
  return db.tx(async (t) => {
    const task = await t.one<{ id: number; status: TaskStatus }>('SELECT id, status FROM flex_tasks WHERE id = $1 FOR UPDATE', [id]);
    if (!task) throw notFound(MSG_TASK_MISSING);
    if (task.status !== 'review') throw conflict('该任务当前不在审核中');
    const status = await transitionTask(t, task, result === 'pass' ? 'approve' : 'reject', now, reason.trim());
    return { id, status };
  });
}

// --- people ---------------------------------------------------------------------------------

export interface WorkerInput {
  name: string;
  mobile: string;
  cert_type: CertType;
  cert_no: string;
  bank_card: string;
}

/** Checks and normalises a typed-in worker (contract/person); throws the first problem. */
export function checkWorker(w: WorkerInput, now: Date): WorkerInput {
  const name = w.name.trim();
  if (!isPersonName(name)) throw badRequest('请填写正确的姓名');
  const mobile = normalizeDigits(w.mobile);
  if (!isMobile(mobile)) throw badRequest('请输入正确的手机号');
  const certNo = w.cert_type === 'id_card' || w.cert_type === 'foreign_pr' ? normalizeDigits(w.cert_no).toUpperCase() : w.cert_no.trim().toUpperCase();
  const p = certNoProblem(w.cert_type, certNo, now);
  if (p) throw badRequest(`证件号码${p}`);
  const bank = w.bank_card ? normalizeDigits(w.bank_card) : '';
  if (bank && (!isBankCard(bank) || !luhnOk(bank))) throw badRequest('请填写正确的银行卡号');
  return { name, mobile, cert_type: w.cert_type, cert_no: certNo, bank_card: bank };
}

/**
 * The company's flex_workers row for this person (by certificate), created when new — sealed
 * with the one PII helper. An existing row keeps its data (the import owns updates); the same
 * certificate under another name is refused.
 */
export async function upsertFlexWorker(db: Db, companyId: number, w: WorkerInput, userId: number | null, now: Date): Promise<number> {
  const cert = sealPii('id_card', w.cert_no);
  const found = await db.one<{ id: number; name: string }>('SELECT id, name FROM flex_workers WHERE company_id = $1 AND cert_type = $2 AND cert_no_bidx = $3', [
    companyId,
    w.cert_type,
    cert.bidx,
  ]);
  // one person per certificate: a different name is a typing error (or someone else's number)
  if (found && found.name !== w.name) throw badRequest('该证件号码已登记在人员库中，但姓名不一致，请核对');
  if (found) return found.id;
  const mobile = sealPii('mobile', w.mobile);
  const bank = w.bank_card ? sealPii('bank_card', w.bank_card) : null;
  const row = await db.one<{ id: number }>(
    `INSERT INTO flex_workers (company_id, name, mobile_enc, mobile_bidx, mobile_mask, cert_type, cert_no_enc, cert_no_bidx, cert_no_mask,
       bank_card_enc, bank_card_mask, created_by, created_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)
     ON CONFLICT (company_id, cert_type, cert_no_bidx) DO UPDATE SET name = flex_workers.name
     RETURNING id`,
    [companyId, w.name, mobile.enc, mobile.bidx, mobile.mask, w.cert_type, cert.enc, cert.bidx, cert.mask, bank?.enc ?? null, bank?.mask ?? '', userId, now],
  );
  return row!.id;
}

/**
 * Puts a company's worker on a task (once: a person already on it is skipped). Named and picked
 * people are taken on at once; public sign-ups wait for 录用 when the task reviews sign-ups.
 * The first person taken on starts a recruiting task (招募中 → 进行中).
 */
export async function addToTask(
  db: Db,
  task: TaskRow,
  workerId: number,
  source: 'named' | 'picked' | 'public' | 'import',
  now: Date,
): Promise<{ id: number; added: boolean; token: string }> {
  const applied = source === 'public' && task.signup_review;
  const work: WorkStatus = applied ? 'applied' : workStatusAfterHire(task.need_sign);
  const token = newToken();
  const row = await db.one<{ id: number; invite_token: string; inserted: boolean }>(
    `INSERT INTO flex_task_workers (task_id, company_id, worker_id, source, work_status, amount, invite_token, created_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
     ON CONFLICT (task_id, worker_id) DO UPDATE SET task_id = EXCLUDED.task_id
     RETURNING id, invite_token, (xmax = 0) AS inserted`,
    [task.id, task.company_id, workerId, source, work, task.pay_amount, token, now],
  );
  if (row!.inserted && !applied) await startIfRecruiting(db, task.id, now);
  return { id: row!.id, added: row!.inserted, token: row!.invite_token };
}

export async function startIfRecruiting(db: Db, taskId: number, now: Date): Promise<void> {
  await db.query(`UPDATE flex_tasks SET status = 'ongoing', updated_at = $2 WHERE id = $1 AND status = 'recruiting'`, [taskId, now]);
}

/** Pending signatures past the signup deadline (or the task's end) become 已过期. */
export async function expireSignings(db: Db, taskId: number, now: Date): Promise<void> {
  const t = await db.one<{ d: string | null; e: string | null }>(
    `SELECT to_char(signup_deadline, 'YYYY-MM-DD') AS d, to_char(end_date, 'YYYY-MM-DD') AS e FROM flex_tasks WHERE id = $1`,
    [taskId],
  );
  if (!t || !(t.d || t.e)) return;
  if (!signExpired('pending', t.d ?? '', t.e ?? '', fmtDate(now))) return;
  await db.query(`UPDATE flex_task_workers SET sign_status = 'expired' WHERE task_id = $1 AND sign_status = 'pending' AND work_status <> 'applied'`, [taskId]);
}

/** The agreement version a worker signing today signs: the latest in effect, else none. */
export const currentAgreement = (db: Db, taskId: number, now: Date) =>
  db.one<{ id: number; version: number; name: string; file_name: string; bucket: string; object_key: string; effective_date: string }>(
    `SELECT id, version, name, file_name, bucket, object_key, to_char(effective_date, 'YYYY-MM-DD') AS effective_date
       FROM flex_agreements WHERE task_id = $1 AND effective_date <= $2::date ORDER BY effective_date DESC, version DESC LIMIT 1`,
    [taskId, fmtDate(now)],
  );

export interface TaskWorkerRow {
  id: number;
  task_id: number;
  company_id: number;
  worker_id: number;
  work_status: WorkStatus;
  sign_status: SignStatus;
  amount: number;
}

/**
 * The hook of the payout side (issue 13): a task's accepted deliveries, each with its person and
 * the amount in fen. On a task that needs signing (the default) nobody gets here unsigned: 验收
 * refuses them; `need_sign` tells the payout side whether a signature was required at all.
 */
export const acceptedDeliveries = (db: Db, companyId: number, taskId: number) =>
  db.query<{ task_worker_id: number; worker_id: number; name: string; amount: number; accepted_at: Date; sign_status: SignStatus; need_sign: boolean }>(
    `SELECT tw.id AS task_worker_id, tw.worker_id, w.name, tw.amount, tw.accepted_at, tw.sign_status, t.need_sign
       FROM flex_task_workers tw JOIN flex_workers w ON w.id = tw.worker_id AND w.company_id = tw.company_id
            JOIN flex_tasks t ON t.id = tw.task_id AND t.company_id = tw.company_id
      WHERE tw.company_id = $1 AND tw.task_id = $2 AND tw.work_status = 'accepted'
      ORDER BY tw.accepted_at, tw.id`,
    [companyId, taskId],
  );

/** The operator of 自动验收 (jobs/acceptance.ts), shown where HR's name would be. */
export const AUTO_ACCEPT_OPERATOR = '系统自动验收';

/** Who accepted a delivery: the system, HR (name, else the masked mobile), or '' (not recorded). */
export const acceptedBy = (r: { accepted_auto: boolean; acceptor_name: string | null; acceptor_mobile: string | null }) =>
  r.accepted_auto ? AUTO_ACCEPT_OPERATOR : r.acceptor_name || (r.acceptor_mobile ? maskMobile(r.acceptor_mobile) : '');
