/**
 * The messages a worker gets about a task (issue 29 item 4): added (签约短信, or the task's page
 * when it needs no signature), 录用, 催签, 验收 passed or returned, and paid. Each goes through the
 * one notice outbox (domain/notices.ts); the link opens the worker's own page of that task.
 */
import { fenText } from '../../../contract/money';
import type { Db } from '../../db/types';
import { sendNotice, type NoticeTemplate } from '../notices';
import { workerPageUrl } from './tasks';

/** Sends `template` about task-worker row `taskWorkerId` to its worker; false when nothing was sent (no mobile). */
export async function notifyTaskWorker(
  db: Db,
  taskWorkerId: number,
  template: NoticeTemplate,
  origin: string | null,
  now: Date,
  extra: Record<string, string> = {},
): Promise<boolean> {
  const r = await db.one<{ company_id: number; task: string; invite_token: string; mobile_enc: string | null; company: string; short_name: string }>(
    `SELECT tw.company_id, t.name AS task, tw.invite_token, w.mobile_enc, c.name AS company, c.short_name
       FROM flex_task_workers tw
       JOIN flex_tasks t ON t.id = tw.task_id AND t.company_id = tw.company_id
       JOIN flex_workers w ON w.id = tw.worker_id AND w.company_id = tw.company_id
       JOIN companies c ON c.id = tw.company_id
      WHERE tw.id = $1`,
    [taskWorkerId],
  );
  if (!r) return false;
  const link = origin === null ? '' : `${origin}${workerPageUrl(r.invite_token)}`;
  return sendNotice(db, r.company_id, r.mobile_enc, template, { sign: `【${r.short_name || r.company}】`, task: r.task, link, ...extra }, now);
}

/** 发放成功 of payout row `rowId`: the worker hears the amount paid (实发) and to which account (masked). */
export async function notifyPaid(db: Db, rowId: number, now: Date): Promise<boolean> {
  const r = await db.one<{
    company_id: number;
    net: string;
    account_mask: string;
    bank_card_mask: string;
    mobile_enc: string | null;
    company: string;
    short_name: string;
  }>(
    `SELECT r.company_id, r.net::text, r.account_mask, w.bank_card_mask, w.mobile_enc, c.name AS company, c.short_name
       FROM payout_rows r
       JOIN flex_workers w ON w.id = r.worker_id AND w.company_id = r.company_id
       JOIN companies c ON c.id = r.company_id
      WHERE r.id = $1`,
    [rowId],
  );
  if (!r) return false;
  const account = r.account_mask || r.bank_card_mask;
  return sendNotice(
    db,
    r.company_id,
    r.mobile_enc,
    'flex_paid',
    { sign: `【${r.short_name || r.company}】`, amount: fenText(Number(r.net)), account: account ? `尾号${account.slice(-4)}的账户` : '您的收款账户' },
    now,
  );
}

/** The message of a person newly on a task: 签约短信 when the task asks for a signature. */
export const addedTemplate = (task: { need_sign: boolean }): NoticeTemplate => (task.need_sign ? 'flex_invite_sign' : 'flex_invite');
