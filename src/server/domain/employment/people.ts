/**
 * The people of 灵活用工: the company's 人员库 (flex_workers, PII sealed with the one helper), and
 * putting people on a task — typed in (指定人员), picked from the 人员库, or signed up on the
 * public page (the sandbox) or by import.
 */
import type { z } from 'zod';
import type { FlexWorkerQuery, WorkerAddBody } from '../../../contract/employment';
import { MSG_WORKER_DIFFERS, takesWorkers, workStatusAfterHire, type WorkStatus } from '../../../contract/employment-rules';
import { certNoProblem, isBankCard, isMobile, isPersonName, luhnOk, normalizeDigits, PERSON_NAME_MSG, type CertType } from '../../../contract/person';
import type { Db } from '../../db/types';
import { cappedCount, keyset, pageFields } from '../../lib/page';
import { decryptPii, sealPii } from '../../lib/pii';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import { containsPattern } from '../../lib/search';
import { addedTemplate, notifyTaskWorker } from './notify';
import { newToken, ownTask, type TaskActor, type TaskRow } from './tasks';

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
  if (!isPersonName(name)) throw badRequest(PERSON_NAME_MSG);
  const mobile = normalizeDigits(w.mobile);
  if (!isMobile(mobile)) throw badRequest('请输入正确的手机号');
  const certNo = w.cert_type === 'id_card' || w.cert_type === 'foreign_pr' ? normalizeDigits(w.cert_no).toUpperCase() : w.cert_no.trim().toUpperCase();
  const p = certNoProblem(w.cert_type, certNo, now);
  if (p) throw badRequest(`证件号码${p}`);
  const bank = w.bank_card ? normalizeDigits(w.bank_card) : '';
  if (bank && (!isBankCard(bank) || !luhnOk(bank))) throw badRequest('请填写正确的银行卡号');
  return { name, mobile, cert_type: w.cert_type, cert_no: certNo, bank_card: bank };
}

/** What to do when a person's ID is on file with another mobile or bank card (HR decides: issue 29 item 6). */
export type OnConflict = 'ask' | 'keep' | 'replace';

/**
 * The company's flex_workers row for this person (by certificate), created when new — sealed
 * with the one PII helper. The same certificate under another name is refused. One person, one
 * identity (issue 29 item 6): a row on file keeps its mobile and bank card unless HR, told what
 * differs, decides — `keep` adds the person with what is on file, `replace` puts HR's in its place,
 * which a mobile the worker has confirmed by SMS refuses (only the worker changes it). A public
 * sign-up (`userId` null) never changes a row on file.
 */
export async function upsertFlexWorker(
  db: Db,
  companyId: number,
  w: WorkerInput,
  userId: number | null,
  now: Date,
  onConflict: OnConflict = 'ask',
): Promise<number> {
  const cert = sealPii('id_card', w.cert_no);
  const mobile = sealPii('mobile', w.mobile);
  const bank = w.bank_card ? sealPii('bank_card', w.bank_card) : null;
  const found = await db.one<OnFile>(
    `SELECT id, name, mobile_bidx, mobile_mask, bank_card_enc, bank_card_mask, mobile_verified_at FROM flex_workers
      WHERE company_id = $1 AND cert_type = $2 AND cert_no_bidx = $3 FOR UPDATE`,
    [companyId, w.cert_type, cert.bidx],
  );
  // one person per certificate: a different name is a typing error (or someone else's number)
  if (found && found.name !== w.name) throw badRequest('该证件号码已登记在人员库中，但姓名不一致，请核对');
  if (found) {
    const differs = found.mobile_bidx !== mobile.bidx || (!!w.bank_card && (!found.bank_card_enc || decryptPii(found.bank_card_enc) !== w.bank_card));
    if (!differs || userId === null || onConflict === 'keep') return found.id;
    if (onConflict === 'ask') throw conflict(differsMessage(found));
    if (found.mobile_verified_at) throw conflict('该人员已通过短信验证本人手机号，企业不能修改，请使用人员库中的信息或联系本人');
    // HR's data in place of data nobody confirmed; sessions opened with the old mobile end
    await db.query(
      `UPDATE flex_workers SET mobile_enc = $2, mobile_bidx = $3, mobile_mask = $4,
         bank_card_enc = coalesce($5, bank_card_enc), bank_card_mask = CASE WHEN $5::text IS NULL THEN bank_card_mask ELSE $6 END WHERE id = $1`,
      [found.id, mobile.enc, mobile.bidx, mobile.mask, bank?.enc ?? null, bank?.mask ?? ''],
    );
    await db.query('UPDATE flex_task_workers SET session_hash = NULL, session_until = NULL WHERE worker_id = $1 AND company_id = $2', [found.id, companyId]);
    return found.id;
  }
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

interface OnFile {
  id: number;
  name: string;
  mobile_bidx: string;
  mobile_mask: string;
  bank_card_enc: string | null;
  bank_card_mask: string;
  mobile_verified_at: Date | null;
}

/** What HR is told: what is on file (masked), and whether the worker confirmed the mobile. */
const differsMessage = (f: OnFile) =>
  `${MSG_WORKER_DIFFERS}：登记的手机号为${f.mobile_mask}${f.bank_card_mask ? `、银行卡为${f.bank_card_mask}` : ''}` +
  (f.mobile_verified_at ? '（手机号已由本人短信验证）' : '（尚未经本人验证）');

/** The worker passed an SMS check on their own page: the mobile on file is theirs. */
export async function markMobileVerified(db: Db, workerId: number, now: Date): Promise<void> {
  await db.query('UPDATE flex_workers SET mobile_verified_at = coalesce(mobile_verified_at, $2) WHERE id = $1', [workerId, now]);
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

/** The company's task, locked, if it takes people now (招募中 / 进行中). */
async function openTask(db: Db, id: number, companyId: number): Promise<TaskRow> {
  const task = await ownTask(db, id, companyId, true);
  if (!takesWorkers(task.status)) throw conflict('任务审核通过（招募中或进行中）后才能添加人员');
  return task;
}

/** 指定人员: a person typed in by HR, added to the 人员库 when new and put on the task. */
export async function addNamedWorker(db: Db, a: TaskActor, taskId: number, input: z.output<typeof WorkerAddBody>, origin: string, now: Date): Promise<Added> {
  const w = checkWorker(input, now);
  return db.tx(async (t) => {
    const task = await openTask(t, taskId, a.companyId);
    const workerId = await upsertFlexWorker(t, a.companyId, w, a.userId, now, input.on_conflict);
    const r = await addToTask(t, task, workerId, 'named', now);
    const notified = r.added && (await notifyTaskWorker(t, r.id, addedTemplate(task), origin, now)) ? 1 : 0;
    return { added: r.added ? 1 : 0, skipped: r.added ? 0 : 1, notified, need_sign: task.need_sign };
  });
}

/** People put on a task, and the messages sent to them (签约短信 when the task asks for a signature). */
export interface Added {
  added: number;
  skipped: number;
  notified: number;
  need_sign: boolean;
}

/** People picked from the company's 人员库; those already on the task are skipped. */
export async function pickWorkers(db: Db, companyId: number, taskId: number, ids: number[], origin: string, now: Date): Promise<Added> {
  return db.tx(async (t) => {
    const task = await openTask(t, taskId, companyId);
    const found = await t.query<{ id: number }>('SELECT id FROM flex_workers WHERE company_id = $1 AND id = ANY($2::int[])', [companyId, ids]);
    if (found.length !== ids.length) throw notFound('人员不存在');
    let added = 0;
    let notified = 0;
    for (const { id } of found) {
      const r = await addToTask(t, task, id, 'picked', now);
      if (!r.added) continue;
      added += 1;
      if (await notifyTaskWorker(t, r.id, addedTemplate(task), origin, now)) notified += 1;
    }
    return { added, skipped: found.length - added, notified, need_sign: task.need_sign };
  });
}

/** The company's 人员库 (masked), by name, newest first (keyset on the id), each marked when already on the task `task_id`. */
export async function listFlexWorkers(db: Db, companyId: number, query: z.output<typeof FlexWorkerQuery>) {
  const kwArg = query.keywords ? containsPattern(query.keywords) : null;
  const count = await cappedCount(db, `SELECT 1 FROM flex_workers w WHERE w.company_id = $1 AND ($2::text IS NULL OR w.name ILIKE $2)`, [companyId, kwArg]);
  const args: unknown[] = [companyId, query.task_id, kwArg];
  const k = keyset(args, query, [{ sql: 'w.id', kind: 'int' }]);
  const got = await db.query<{
    id: number;
    name: string;
    mobile_mask: string;
    cert_type: string;
    cert_no_mask: string;
    bank_card_mask: string;
    realname_verified: boolean;
    in_task: boolean;
  }>(
    `SELECT w.id${k.select}, w.name, w.mobile_mask, w.cert_type, w.cert_no_mask, w.bank_card_mask, w.realname_verified,
            EXISTS (SELECT 1 FROM flex_task_workers tw WHERE tw.worker_id = w.id AND tw.company_id = w.company_id AND tw.task_id = $2) AS in_task
       FROM flex_workers w WHERE w.company_id = $1 AND ($3::text IS NULL OR w.name ILIKE $3)${k.cond}${k.order}${k.limit}`,
    args,
  );
  const { rows, next, prev } = k.rows(got);
  return {
    ...pageFields(query, count.total),
    total_more: count.total_more,
    next,
    prev,
    list: rows.map((r) => ({
      id: r.id,
      name: r.name,
      mobile: r.mobile_mask,
      cert_type: r.cert_type,
      cert_no: r.cert_no_mask,
      bank_card: r.bank_card_mask,
      realname_verified: r.realname_verified,
      in_task: r.in_task,
    })),
  };
}
