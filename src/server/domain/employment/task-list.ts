/** 灵活用工 tasks as the console reads them: the list with its tab counts, and one task's detail. */
import type { z } from 'zod';
import type { TaskListQuery } from '../../../contract/employment';
import { TASK_STATUS_CODES, takesWorkers, type TaskStatus } from '../../../contract/employment-rules';
import type { Db } from '../../db/types';
import { pageFields, pageSql, statusCounts } from '../../lib/page';
import { containsAnySql } from '../../lib/search';
import { addSeconds, fmtDateTime } from '../../lib/time';
import { URL_TTL_S, type ObjectStore } from './media';
import { ownTask, publicTaskUrl } from './tasks';

/** The company's tasks of one tab (keywords, the home page's to-do filters), with every tab's count. */
export async function listTasks(db: Db, companyId: number, query: z.output<typeof TaskListQuery>) {
  const args: unknown[] = [companyId];
  let kw = containsAnySql(args, query.keywords, ['t.name', 't.task_no', 't.category']);
  // the same rules as the home to-do counters (domain/accounts/todos.ts)
  if (query.todo === 'unsigned')
    kw += ` AND t.need_sign AND t.status IN ('recruiting', 'ongoing') AND EXISTS (SELECT 1 FROM flex_task_workers w WHERE w.task_id = t.id AND w.company_id = t.company_id
              AND w.sign_status = 'pending' AND w.work_status <> 'rejected')`;
  if (query.todo === 'batches')
    kw += ` AND EXISTS (SELECT 1 FROM payout_batches b WHERE b.task_id = t.id AND b.company_id = t.company_id AND b.status = 'unpaid')`;
  const counts = statusCounts(
    TASK_STATUS_CODES,
    await db.query<{ status: string; n: number }>(`SELECT t.status, count(*)::int AS n FROM flex_tasks t WHERE t.company_id = $1${kw} GROUP BY t.status`, args),
  );
  const st = query.status === 'all' ? '' : ` AND t.status = $${args.push(query.status)}`;
  const rows = await db.query<{
    id: number;
    task_no: string;
    name: string;
    category: string;
    pay_amount: number;
    pay_unit: string;
    headcount: number;
    start_date: string | null;
    end_date: string | null;
    settle_mode: string;
    status: TaskStatus;
    reject_reason: string;
    created_at: Date;
    applied_num: number;
    signed_num: number;
  }>(
    `SELECT t.id, t.task_no, t.name, t.category, t.pay_amount, t.pay_unit, t.headcount,
            to_char(t.start_date, 'YYYY-MM-DD') AS start_date, to_char(t.end_date, 'YYYY-MM-DD') AS end_date,
            t.settle_mode, t.status, t.reject_reason, t.created_at, t.applied_num, t.signed_num
       FROM flex_tasks t WHERE t.company_id = $1${kw}${st}
      ORDER BY t.created_at DESC, t.id DESC${pageSql(args, query)}`,
    args,
  );
  return {
    counts,
    ...pageFields(query, counts[query.status]),
    list: rows.map((r) => ({ ...r, start_date: r.start_date ?? '', end_date: r.end_date ?? '', created_at: fmtDateTime(r.created_at) })),
  };
}

/** One of the company's tasks with its settings, attachment links and people counts. */
export async function taskDetail(db: Db, store: ObjectStore, c: { companyId: number; companyName: string }, id: number, now: Date) {
  const t = await ownTask(db, id, c.companyId);
  // the people counts are kept on the task (migration 070)
  const n = (await db.one<{ applied: number; signed: number }>('SELECT applied_num AS applied, signed_num AS signed FROM flex_tasks WHERE id = $1', [t.id]))!;
  const ids = t.attachments.map((a) => a.media_id);
  const media = ids.length
    ? await db.query<{ media_id: string; bucket: string; object_key: string }>(
        'SELECT media_id, bucket, object_key FROM media WHERE media_id = ANY($1) AND company_id = $2',
        [ids, t.company_id],
      )
    : [];
  return {
    id: t.id,
    task_no: t.task_no,
    name: t.name,
    category: t.category,
    description: t.description,
    standard: t.standard,
    work_mode: t.work_mode,
    address: t.address,
    start_date: t.start_date ?? '',
    end_date: t.end_date ?? '',
    signup_deadline: t.signup_deadline ?? '',
    headcount: t.headcount,
    pay_amount: t.pay_amount,
    pay_unit: t.pay_unit,
    settle_mode: t.settle_mode,
    need_sign: t.need_sign,
    attachments: t.attachments.map((a) => {
      const m = media.find((x) => x.media_id === a.media_id);
      return { ...a, url: m ? store.link(m.bucket, m.object_key, addSeconds(now, URL_TTL_S)) : null };
    }),
    status: t.status,
    reject_reason: t.reject_reason,
    settings: {
      signup_mode: t.signup_mode,
      signup_review: t.signup_review,
      need_realname: t.need_realname,
      settle_cycle: t.settle_cycle,
      auto_accept_days: t.auto_accept_days,
      notify_sms: t.notify_sms,
      notify_site: t.notify_site,
    },
    public_url: t.signup_mode === 'public' && takesWorkers(t.status) ? publicTaskUrl(t.public_token) : '',
    company_name: c.companyName,
    applied_num: n.applied,
    signed_num: n.signed,
    created_at: fmtDateTime(t.created_at),
    updated_at: fmtDateTime(t.updated_at),
  };
}
