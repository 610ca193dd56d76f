/**
 * A task's people and their work: the list by tab (待签约 past the deadline expire first), HR's
 * actions on one person (录用 / 验收 / 驳回 / 移除 / 催签), and the accepted deliveries the payout
 * side (issue 13) pays.
 */
import type { z } from 'zod';
import type { WorkerActionBody, WorkerListQuery } from '../../../contract/employment';
import {
  signExpired,
  takesWorkers,
  workerActionProblem,
  workerActions,
  type SignStatus,
  type TaskStatus,
  type WorkStatus,
} from '../../../contract/employment-rules';
import type { Db } from '../../db/types';
import { pageFields, pageSql } from '../../lib/page';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import { fmtDate, fmtDateTime } from '../../lib/time';
import { deliveryPhotos } from './delivery-photos';
import type { ObjectStore } from './media';
import { startIfRecruiting } from './people';
import { notifyTaskWorker } from './notify';
import { ownTask, workerPageUrl, type TaskActor } from './tasks';

const dt = (d: Date | null) => (d ? fmtDateTime(d) : '');

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

const TAB_SQL = {
  applied: 'TRUE',
  signed: `tw.sign_status = 'signed'`,
  delivery: `tw.work_status IN ('delivered', 'accepted', 'rejected')`,
  settled: `tw.work_status = 'accepted'`,
} as const;

/** An ended task still takes 验收 / 驳回 of what was delivered; nothing else. */
const taskTakes = (status: TaskStatus, action: string) => takesWorkers(status) || (status === 'ended' && (action === 'accept' || action === 'reject'));

/**
 * One tab of a task's people, with every tab's count and each person's possible actions, and the
 * photos of each one's latest delivery with short-lived links (`link`: the server's signer).
 */
export async function listTaskWorkers(
  db: Db,
  companyId: number,
  taskId: number,
  query: z.output<typeof WorkerListQuery>,
  now: Date,
  link: ObjectStore['link'],
) {
  const task = await ownTask(db, taskId, companyId);
  await expireSignings(db, task.id, now);
  const c = (await db.one<{ applied: number; signed: number; delivery: number; settled: number }>(
    `SELECT count(*)::int AS applied, count(*) FILTER (WHERE ${TAB_SQL.signed})::int AS signed,
            count(*) FILTER (WHERE ${TAB_SQL.delivery})::int AS delivery, count(*) FILTER (WHERE ${TAB_SQL.settled})::int AS settled
       FROM flex_task_workers tw WHERE tw.task_id = $1`,
    [task.id],
  ))!;
  const args: unknown[] = [task.id];
  const rows = await db.query<{
    id: number;
    worker_id: number;
    name: string;
    mobile_mask: string;
    cert_no_mask: string;
    bank_card_mask: string;
    source: string;
    sign_status: SignStatus;
    work_status: WorkStatus;
    amount: number;
    version: number | null;
    delivery_note: string;
    reject_reason: string;
    signed_at: Date | null;
    delivered_at: Date | null;
    accepted_at: Date | null;
    accepted_auto: boolean;
    acceptor_name: string | null;
    acceptor_mask: string | null;
    has_evidence: boolean;
    evidence_purged: boolean;
    invite_token: string;
  }>(
    `SELECT tw.id, tw.worker_id, w.name, w.mobile_mask, w.cert_no_mask, w.bank_card_mask, tw.source, tw.sign_status, tw.work_status, tw.amount,
            a.version, tw.delivery_note, tw.reject_reason, tw.signed_at, tw.delivered_at, tw.accepted_at, tw.accepted_auto,
            u.realname AS acceptor_name, u.mobile_mask AS acceptor_mask, tw.invite_token,
            EXISTS (SELECT 1 FROM sign_evidence e WHERE e.task_worker_id = tw.id AND e.company_id = tw.company_id) AS has_evidence,
            tw.evidence_purged_at IS NOT NULL AS evidence_purged
       FROM flex_task_workers tw JOIN flex_workers w ON w.id = tw.worker_id AND w.company_id = tw.company_id
            LEFT JOIN flex_agreements a ON a.id = tw.agreement_id AND a.company_id = tw.company_id
            LEFT JOIN users u ON u.id = tw.accepted_by
      WHERE tw.task_id = $1 AND ${TAB_SQL[query.tab]}
      ORDER BY tw.id DESC${pageSql(args, query)}`,
    args,
  );
  const photos = await deliveryPhotos(
    db,
    task.company_id,
    rows.filter((r) => r.delivered_at).map((r) => r.id),
    link,
    now,
  );
  return {
    task: {
      id: task.id,
      name: task.name,
      status: task.status,
      need_sign: task.need_sign,
      pay_amount: task.pay_amount,
      pay_unit: task.pay_unit,
      signup_mode: task.signup_mode,
    },
    counts: c,
    ...pageFields(query, c[query.tab]),
    list: rows.map((r) => ({
      id: r.id,
      worker_id: r.worker_id,
      name: r.name,
      mobile: r.mobile_mask,
      cert_no: r.cert_no_mask,
      bank_card: r.bank_card_mask,
      source: r.source,
      sign_status: r.sign_status,
      work_status: r.work_status,
      amount: r.amount,
      agreement_version: r.version,
      delivery_note: r.delivery_note,
      delivery_photos: photos.get(r.id) ?? [],
      reject_reason: r.reject_reason,
      signed_at: dt(r.signed_at),
      delivered_at: dt(r.delivered_at),
      accepted_at: dt(r.accepted_at),
      accepted_by: acceptedBy(r),
      invite_url: workerPageUrl(r.invite_token),
      has_evidence: r.has_evidence,
      evidence_purged: r.evidence_purged && !r.has_evidence,
      actions: workerActions({ work: r.work_status, sign: r.sign_status, needSign: task.need_sign }).filter((a) => taskTakes(task.status, a)),
    })),
  };
}

/**
 * HR's action on one person of a task. 验收通过 here and 自动验收 (jobs/acceptance.ts) write the
 * same state; the row lock and the re-checked status keep them apart.
 */
export async function workerAction(db: Db, a: TaskActor, id: number, body: z.output<typeof WorkerActionBody>, origin: string, now: Date) {
  return db.tx(async (t) => {
    const r = await applyWorkerAction(t, a, id, body, now);
    // the worker hears of it (issue 29 item 4); a removed person is not told
    const template = ACTION_SMS[body.action];
    if (template && !r.removed) await notifyTaskWorker(t, r.id, template, origin, now, body.action === 'reject' ? { reason: body.reason ?? '' } : {});
    return r;
  });
}

const ACTION_SMS = { hire: 'flex_hired', accept: 'flex_accepted', reject: 'flex_rejected', urge: 'flex_urge_sign', remove: null } as const;

async function applyWorkerAction(t: Db, a: TaskActor, id: number, body: z.output<typeof WorkerActionBody>, now: Date) {
  const w = await t.one<{ id: number; task_id: number; work_status: WorkStatus; sign_status: SignStatus; urged_at: Date | null }>(
    'SELECT id, task_id, work_status, sign_status, urged_at FROM flex_task_workers WHERE id = $1 AND company_id = $2 FOR UPDATE',
    [id, a.companyId],
  );
  if (!w) throw notFound('人员不存在');
  const task = await ownTask(t, w.task_id, a.companyId, true);
  if (!taskTakes(task.status, body.action)) throw conflict('当前状态的任务不能操作人员');
  const problem = workerActionProblem({ work: w.work_status, sign: w.sign_status, needSign: task.need_sign }, body.action);
  if (problem) throw conflict(problem);
  const set = async (sql: string, args: unknown[] = []) => {
    const r = await t.one<{ work_status: string; sign_status: string }>(
      `UPDATE flex_task_workers SET ${sql} WHERE id = $1 RETURNING work_status, sign_status`,
      [w.id, ...args],
    );
    return { id: w.id, work_status: r!.work_status, sign_status: r!.sign_status, removed: false };
  };
  switch (body.action) {
    case 'hire': {
      const r = await set(`work_status = $2`, [task.need_sign ? 'hired' : 'working']);
      await startIfRecruiting(t, task.id, now);
      return r;
    }
    case 'accept':
      return set(`work_status = 'accepted', accepted_at = $2, accepted_by = $3, accepted_auto = false, reject_reason = ''`, [now, a.userId]);
    case 'reject':
      if (!body.reason) throw badRequest('请填写驳回原因');
      return set(`work_status = 'rejected', reject_reason = $2`, [body.reason]);
    case 'remove':
      await t.query('DELETE FROM flex_task_workers WHERE id = $1', [w.id]);
      return { id: w.id, work_status: w.work_status, sign_status: w.sign_status, removed: true };
    case 'urge':
      if (w.urged_at && fmtDate(w.urged_at) === fmtDate(now)) throw conflict('今日已催签，请明天再试');
      return set(`urged_at = $2`, [now]);
  }
}

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
export const acceptedBy = (r: { accepted_auto: boolean; acceptor_name: string | null; acceptor_mask: string | null }) =>
  r.accepted_auto ? AUTO_ACCEPT_OPERATOR : r.acceptor_name || (r.acceptor_mask ?? '');
