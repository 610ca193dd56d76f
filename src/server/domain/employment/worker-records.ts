/**
 * The worker's own records of a task, after the SMS check: the agreement version they signed (a
 * short-lived link to its PDF) and what the company paid them for this task (发放记录: batches the
 * company has submitted; a paid row carries its 电子回单 number), and their other tasks with the company.
 */
import type { SignStatus, WorkStatus } from '../../../contract/employment-rules';
import type { RowStatus } from '../../../contract/payouts-rules';
import type { WorkerRecordsData } from '../../../contract/worker';
import type { Db } from '../../db/types';
import { notFound } from '../../lib/refusal';
import { addSeconds, fmtDateTime } from '../../lib/time';
import { receiptNo } from '../payouts/reports';
import { signedFile } from './evidence-view';
import { URL_TTL_S } from './media';
import { sessionInvite } from './worker-invite';
import type { WorkerCtx } from './worker-page';

export async function workerRecords(db: Db, ctx: WorkerCtx): Promise<WorkerRecordsData> {
  const w = await sessionInvite(db, ctx.token, ctx.secret, ctx.now);
  const a = w.agreement_id
    ? await db.one<{ name: string; version: number; bucket: string; object_key: string }>(
        'SELECT name, version, bucket, object_key FROM flex_agreements WHERE id = $1 AND company_id = $2',
        [w.agreement_id, w.company_id],
      )
    : null;
  const signed = await latestSignedFile(db, w.company_id, w.id);
  const rows = await db.query<{
    id: number;
    amount: string;
    tax: string;
    net: string;
    status: RowStatus;
    pay_method: 'bank' | 'alipay';
    account_mask: string;
    created_at: Date;
    finished_at: Date | null;
  }>(
    `SELECT r.id, r.amount::text, r.tax::text, r.net::text, r.status, r.pay_method,
            COALESCE(NULLIF(r.account_mask, ''), fw.bank_card_mask) AS account_mask, r.created_at, r.finished_at
       FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id AND b.company_id = r.company_id
            JOIN flex_workers fw ON fw.id = r.worker_id AND fw.company_id = r.company_id
      WHERE r.company_id = $1 AND r.worker_id = $2 AND (r.task_worker_id = $3 OR b.task_id = $4) AND b.status <> 'draft'
      ORDER BY r.created_at DESC, r.id DESC LIMIT 100`,
    [w.company_id, w.worker_id, w.id, w.task_id],
  );
  // the person's other invitations with this company (the same link HR sent for each task)
  const tasks = await db.query<{ name: string; work_status: WorkStatus; sign_status: SignStatus; need_sign: boolean; invite_token: string }>(
    `SELECT t.name, tw.work_status, tw.sign_status, t.need_sign, tw.invite_token
       FROM flex_task_workers tw JOIN flex_tasks t ON t.id = tw.task_id AND t.company_id = tw.company_id
      WHERE tw.company_id = $1 AND tw.worker_id = $2 AND tw.invite_token IS NOT NULL
      ORDER BY tw.id DESC LIMIT 50`,
    [w.company_id, w.worker_id],
  );
  return {
    tasks: tasks.map((t) => ({
      name: t.name,
      work_status: t.work_status,
      sign_status: t.sign_status,
      need_sign: t.need_sign,
      path: `/m/flex/w/${t.invite_token}`,
      current: t.invite_token === ctx.token,
    })),
    agreement:
      a && w.signed_at
        ? {
            name: a.name,
            version: a.version,
            signed_at: fmtDateTime(w.signed_at),
            url: ctx.link(a.bucket, a.object_key, addSeconds(ctx.now, URL_TTL_S)) ?? '',
            signed_file: signed ? { name: signed.file_name, sha256: signed.sha256 } : null,
          }
        : null,
    payouts: rows.map((r) => ({
      id: r.id,
      amount: Number(r.amount),
      tax: Number(r.tax),
      net: Number(r.net),
      status: r.status,
      pay_method: r.pay_method,
      account_mask: r.account_mask,
      created_at: fmtDateTime(r.created_at),
      finished_at: r.finished_at ? fmtDateTime(r.finished_at) : '',
      receipt_no: r.status === 'success' && r.finished_at ? receiptNo(r.id, r.finished_at) : '',
    })),
  };
}

/** The signed PDF of the task worker's latest signature made at e签宝 (its evidence id, name and hash), if any. */
const latestSignedFile = (db: Db, companyId: number, taskWorkerId: number) =>
  db.one<{ evidence_id: number; file_name: string; sha256: string }>(
    `SELECT f.evidence_id, f.file_name, f.sha256
       FROM sign_evidence e JOIN sign_evidence_files f ON f.evidence_id = e.id AND f.company_id = e.company_id
      WHERE e.company_id = $1 AND e.task_worker_id = $2 ORDER BY e.id DESC LIMIT 1`,
    [companyId, taskWorkerId],
  );

/** 下载已签署文件: the worker's own copy of what they signed at e签宝 (after the SMS check, as every record). */
export async function workerSignedFile(db: Db, ctx: WorkerCtx): Promise<{ filename: string; content_base64: string }> {
  const w = await sessionInvite(db, ctx.token, ctx.secret, ctx.now);
  const latest = await latestSignedFile(db, w.company_id, w.id);
  const f = latest ? await signedFile(db, w.company_id, latest.evidence_id) : null;
  if (!f) throw notFound('暂无签署后文件');
  return { filename: f.file_name, content_base64: f.content.toString('base64') };
}
