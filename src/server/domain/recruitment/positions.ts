/**
 * A company's positions: the list with its tab counts and per-position figures, one position,
 * publishing and editing (text asking applicants for fees goes to review), 下线 and 重新上线.
 */
import type { z } from 'zod';
import { addDay } from '../../../contract/statistics';
import type { PositionBody, PositionDetail, PositionListQuery } from '../../../contract/recruitment';
import { InviteTelRe } from '../../../contract/talent';
import { educationLabel, experienceLabel, POSITION_STATUS, salaryText } from '../../../contract/vocab';
import type { Db } from '../../db/types';
import { pageFields, pageSql, statusCounts } from '../../lib/page';
import { containsAnySql } from '../../lib/search';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import { fmtDate, fmtDateTime } from '../../lib/time';
import { chinaMidnight } from '../accounts/todos';

/** Words that send a position to manual review instead of publishing it (fees charged to applicants). */
const REVIEW_WORDS = ['押金', '培训费', '服装费', '体检费', '保证金', '加微信', '日赚'];

type PositionStatus = 'open' | 'review' | 'rejected' | 'closed';
const POSITION_STATUS_CODES = POSITION_STATUS.map((s) => s.code);

/** The company's position; another company's answers like a missing one (no probing of ids). */
export async function ownPosition(db: Db, id: number, companyId: number) {
  const p = await db.one<{ id: number; company_id: number; status: PositionStatus; title: string }>(
    'SELECT id, company_id, status, title FROM positions WHERE id = $1',
    [id],
  );
  if (!p || p.company_id !== companyId) throw notFound('职位不存在');
  return p;
}

/** The company's positions of one tab (keywords, the home page's to-do filters), with every tab's count; the figures are kept (migration 067). */
export async function listPositions(db: Db, companyId: number, query: z.output<typeof PositionListQuery>, now: Date) {
  const args: unknown[] = [companyId];
  let kw = containsAnySql(args, query.keywords, ['p.title', 'p.category', 'p.city']);
  if (query.todo === 'resumes')
    kw += ` AND EXISTS (SELECT 1 FROM applications a WHERE a.position_id = p.id AND a.company_id = p.company_id AND a.status = 'pending')`;
  if (query.todo === 'interviews') {
    const today = fmtDate(now);
    const a = args.push(chinaMidnight(today));
    args.push(chinaMidnight(addDay(today, 1)));
    kw += ` AND EXISTS (SELECT 1 FROM interviews i WHERE i.position_id = p.id AND i.company_id = p.company_id AND i.pick_time >= $${a} AND i.pick_time < $${a + 1}
              AND i.status IN ('pending', 'accepted'))`;
  }
  const counts = statusCounts(
    POSITION_STATUS_CODES,
    await db.query<{ status: string; n: number }>(`SELECT p.status, count(*) AS n FROM positions p WHERE p.company_id = $1${kw} GROUP BY p.status`, args),
  );
  const st = query.status === 'all' ? '' : ` AND p.status = $${args.push(query.status)}`;
  const rows = await db.query<{
    id: number;
    title: string;
    category: string;
    city: string;
    district: string;
    salary_min: number;
    salary_max: number;
    salary_months: number;
    experience: string;
    education: number;
    headcount: number;
    status: PositionStatus;
    reject_reason: string;
    publisher: string | null;
    updated_at: Date;
    apply_num: number;
    new_num: number;
    invite_num: number;
    hired_num: number;
  }>(
    `SELECT p.id, p.title, p.category, p.city, p.district, p.salary_min, p.salary_max, p.salary_months, p.experience,
            p.education, p.headcount, p.status, p.reject_reason, p.updated_at, u.realname AS publisher,
            p.apply_num, p.new_num, p.invite_num, p.hired_num
       FROM positions p LEFT JOIN users u ON u.id = p.created_by
      WHERE p.company_id = $1${kw}${st}
      ORDER BY p.updated_at DESC, p.id DESC${pageSql(args, query)}`,
    args,
  );
  return {
    counts,
    ...pageFields(query, counts[query.status]),
    list: rows.map((r) => ({
      id: r.id,
      title: r.title,
      category: r.category,
      city: r.city,
      district: r.district,
      salary: salaryText(r.salary_min, r.salary_max, r.salary_months),
      experience: experienceLabel(r.experience),
      education: r.education ? `${educationLabel(r.education)}${r.education < 7 ? '及以上' : ''}` : educationLabel(0),
      headcount: r.headcount,
      status: r.status,
      reject_reason: r.reject_reason,
      apply_num: r.apply_num,
      new_num: r.new_num,
      invite_num: r.invite_num,
      hired_num: r.hired_num,
      publisher: r.publisher ?? '',
      updated_at: fmtDateTime(r.updated_at),
    })),
  };
}

/** One of the company's positions, as the edit form shows it. */
export async function positionDetail(db: Db, companyId: number, id: number): Promise<PositionDetail> {
  await ownPosition(db, id, companyId);
  return (await db.one<PositionDetail>(
    `SELECT id, title, category, city, district, salary_min, salary_max, salary_months, experience, education, headcount,
            welfare, description, address, contact_name, contact_tel, coalesce(department, '') AS department, job_nature, contact_public,
            notify_apply, coalesce(closes_on::text, '') AS closes_on, status FROM positions WHERE id = $1`,
    [id],
  ))!;
}

/** Publishes (no id) or edits a position; the same title in the same city is published once. */
export async function savePosition(
  db: Db,
  a: { companyId: number; userId: number },
  body: z.output<typeof PositionBody>,
  now: Date,
): Promise<{ id: number; status: PositionStatus }> {
  if (!InviteTelRe.test(body.contact_tel)) throw badRequest('请填写正确的联系电话（手机号或座机号）');
  if (!body.id && body.closes_on && body.closes_on < fmtDate(now)) throw badRequest('截止日期不能早于今天');
  const flagged = REVIEW_WORDS.some((w) => body.title.includes(w) || body.description.includes(w));
  const fields = [
    body.title,
    body.category,
    body.city,
    body.district,
    body.salary_min,
    body.salary_max,
    body.salary_months,
    body.experience,
    body.education,
    body.headcount,
    body.welfare,
    body.description,
    body.address,
    body.contact_name,
    body.contact_tel,
    body.department || null,
    body.job_nature,
    body.contact_public,
    body.notify_apply,
    body.closes_on || null,
  ];
  if (body.id) {
    const p = await ownPosition(db, body.id, a.companyId);
    // an edited position keeps its state, except that flagged text (re)enters review and a fixed rejected one is checked again
    const status = flagged ? 'review' : p.status === 'rejected' || p.status === 'review' ? 'open' : p.status;
    await db.query(
      `UPDATE positions SET title=$2, category=$3, city=$4, district=$5, salary_min=$6, salary_max=$7, salary_months=$8,
         experience=$9, education=$10, headcount=$11, welfare=$12, description=$13, address=$14, contact_name=$15,
         contact_tel=$16, department=$17, job_nature=$18, contact_public=$19, notify_apply=$20, closes_on=$21, status=$22,
         reject_reason='', updated_at=$23 WHERE id=$1`,
      [p.id, ...fields, status, now],
    );
    return { id: p.id, status };
  }
  const dup = await db.one(`SELECT 1 FROM positions WHERE company_id = $1 AND title = $2 AND city = $3 AND status IN ('open', 'review')`, [
    a.companyId,
    body.title,
    body.city,
  ]);
  if (dup) throw conflict(`「${body.title}」已在${body.city}招聘中，请勿重复发布`);
  const status = flagged ? ('review' as const) : ('open' as const);
  const row = await db.one<{ id: number }>(
    `INSERT INTO positions (title, category, city, district, salary_min, salary_max, salary_months, experience, education,
       headcount, welfare, description, address, contact_name, contact_tel, department, job_nature, contact_public, notify_apply, closes_on,
       company_id, status, created_by, created_at, updated_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$24) RETURNING id`,
    [...fields, a.companyId, status, a.userId, now],
  );
  return { id: row!.id, status };
}

/** 下线 (close) any live position; 重新上线 (reopen) a closed one. */
export async function setPositionStatus(
  db: Db,
  companyId: number,
  id: number,
  action: 'close' | 'reopen',
  now: Date,
): Promise<{ id: number; status: 'open' | 'closed' }> {
  const p = await ownPosition(db, id, companyId);
  if (action === 'close') {
    if (p.status === 'closed') throw conflict('该职位已下线');
    await db.query(`UPDATE positions SET status = 'closed', updated_at = $2 WHERE id = $1`, [p.id, now]);
    return { id: p.id, status: 'closed' };
  }
  if (p.status !== 'closed') throw conflict('只有已下线的职位可以重新上线');
  await db.query(`UPDATE positions SET status = 'open', updated_at = $2 WHERE id = $1`, [p.id, now]);
  return { id: p.id, status: 'open' };
}
