/**
 * Interview invitations (SPEC §3 talent/invite): what the dialog pre-fills, sending one (through
 * the candidate's one application row per position, with the candidate's SMS and link), and the
 * schedule (index/plan). What happens to an interview after it is sent: interview-moves.ts.
 */
import type { z } from 'zod';
import { InviteTelRe, type InviteBody, type InviteType } from '../../../contract/talent';
import type { Db } from '../../db/types';
import { decryptPii } from '../../lib/pii';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import { addDays, fmtDate, fmtDateTime } from '../../lib/time';
import { chinaMidnight } from '../accounts/todos';
import { sendInviteSms } from './interview-moves';
import { stateOf } from './interview-machine';
import { createApplication } from './create-application';
import { candidate } from './resume';
import { parseChinaTime } from './texts';

const WEEK = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
function dayLabel(date: string, now: Date): string {
  const today = fmtDate(now);
  if (date === today) return '今天';
  if (date === fmtDate(addDays(now, 1))) return '明天';
  if (date === fmtDate(addDays(now, 2))) return '后天';
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return WEEK[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
}

/** The HR user inviting, and their company. */
export interface Inviter {
  companyId: number;
  companyName: string;
  userId: number;
  /** the HR user's own mobile, sealed (users.mobile_enc) */
  mobileEnc: string;
  realname: string;
}

/** What the invitation dialog pre-fills. type user: id = candidate; type intention: id = application. */
export async function inviteInfo(db: Db, hr: Inviter, id: number, type: z.output<typeof InviteType>) {
  let realname: string;
  let jobName = '';
  if (type === 'intention') {
    const a = await db.one<{ company_id: number; realname: string; title: string }>(
      `SELECT a.company_id, c.realname, p.title FROM applications a
         JOIN candidates c ON c.id = a.candidate_id JOIN positions p ON p.id = a.position_id AND p.company_id = a.company_id WHERE a.id = $1`,
      [id],
    );
    // another company's application answers like a missing one
    if (!a || a.company_id !== hr.companyId) throw notFound('投递记录不存在');
    realname = a.realname;
    jobName = a.title;
  } else {
    realname = (await candidate(db, id)).realname;
  }
  const jobs =
    type === 'user'
      ? await db.query<{ id: number; job_name: string }>(
          `SELECT id, title AS job_name FROM positions WHERE company_id = $1 AND status = 'open' ORDER BY updated_at DESC, id DESC`,
          [hr.companyId],
        )
      : [];
  // the address of this HR user's last invitation, else the company's
  const last = await db.one<{ address: string }>(
    'SELECT address FROM interviews WHERE company_id = $1 AND created_by = $2 ORDER BY created_at DESC, id DESC LIMIT 1',
    [hr.companyId, hr.userId],
  );
  const co = await db.one<{ address: string }>('SELECT address FROM companies WHERE id = $1', [hr.companyId]);
  return {
    realname,
    company_name: hr.companyName,
    job_name: jobName,
    address: last?.address ?? co?.address ?? '',
    // the inviting HR user's own number, pre-filled as the contact line for them to keep or change
    hr_mobile: decryptPii(hr.mobileEnc),
    hr_realname: hr.realname,
    job_lst: jobs,
  };
}

/** Sends an invitation for an application (intention) or, from the hall, a candidate and one of the company's open positions (user). */
export async function sendInvitation(
  db: Db,
  a: { companyId: number; userId: number },
  id: number,
  body: z.output<typeof InviteBody>,
  origin: string,
  now: Date,
): Promise<void> {
  if (body.type === 'user' && !body.job_id) throw badRequest('请选择面试职位');
  const at = parseChinaTime(body.pick_time);
  if (!at) throw badRequest('面试时间格式错误，应为 YYYY-MM-DD HH:mm:ss');
  if (at.getTime() < now.getTime() - 86_400_000) throw badRequest('面试时间不能早于一天前');
  if (at.getTime() > now.getTime() + 180 * 86_400_000) throw badRequest('面试时间不能晚于180天后');
  if (!InviteTelRe.test(body.contacts_tel)) throw badRequest('请填写正确的联系电话（手机号或座机号）');

  let candidateId: number;
  let positionId: number;
  let applicationId: number | null = null;
  if (body.type === 'intention') {
    const app = await db.one<{ id: number; company_id: number; candidate_id: number; position_id: number }>(
      'SELECT id, company_id, candidate_id, position_id FROM applications WHERE id = $1',
      [id],
    );
    if (!app || app.company_id !== a.companyId) throw notFound('投递记录不存在');
    candidateId = app.candidate_id;
    positionId = app.position_id;
    applicationId = app.id;
  } else {
    candidateId = (await candidate(db, id)).id;
    positionId = body.job_id!;
  }
  const p = await db.one<{ company_id: number; status: string }>('SELECT company_id, status FROM positions WHERE id = $1', [positionId]);
  if (!p || p.company_id !== a.companyId) throw notFound('职位不存在');
  if (p.status !== 'open') throw conflict('该职位未在招聘中，请选择其他职位');

  await db.tx(async (t) => {
    // Every invitation for a candidate and a position goes through their one application row
    // (unique per position and candidate), locked first: concurrent invitations, and a hire
    // racing an invitation, are serialised on it (the duplicate check below cannot lock rows
    // that do not exist yet).
    if (applicationId === null) {
      // an invitation from the hall opens an application (the one shared path, create-application.ts)
      // so the position's lists show the candidate; the row, if any, is locked so a hire cannot race it
      const r = await createApplication(t, {
        companyId: a.companyId,
        positionId,
        who: { candidateId },
        status: 'invited',
        source: '企业邀约',
        now,
      });
      // the hall refuses a candidate already 录用 for the position, as an invitation of the
      // application does (issue 31 item 9)
      if (r.prior === 'hired') throw conflict('该候选人已录用，无需再邀请面试');
      if (!r.created) await t.query(`UPDATE applications SET status = 'invited', updated_at = $2 WHERE id = $1`, [r.id, now]);
      applicationId = r.id;
    } else {
      const app = await t.one<{ status: string }>('SELECT status FROM applications WHERE id = $1 FOR UPDATE', [applicationId]);
      if (app?.status === 'hired') throw conflict('该候选人已录用，无需再邀请面试');
      await t.query(`UPDATE applications SET status = 'invited', updated_at = $2 WHERE id = $1`, [applicationId, now]);
    }
    const dup = await t.one(
      `SELECT 1 FROM interviews WHERE company_id = $1 AND candidate_id = $2 AND position_id = $3
          AND status IN ('pending', 'accepted') AND pick_time >= $4`,
      [a.companyId, candidateId, positionId, addDays(now, -1)],
    );
    if (dup) throw conflict('已向该候选人发送过该职位的面试邀请，请勿重复发送');
    const row = await t.one<{ id: number }>(
      `INSERT INTO interviews (company_id, candidate_id, position_id, application_id, type, pick_time, address,
         contacts_name, contacts_tel, remark, created_by, created_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) RETURNING id`,
      [
        a.companyId,
        candidateId,
        positionId,
        applicationId,
        body.type,
        at,
        body.address,
        body.contacts_name,
        body.contacts_tel,
        body.remark ?? '',
        a.userId,
        now,
      ],
    );
    // the candidate hears of it by SMS, with the link of their page to confirm or decline
    await sendInviteSms(t, row!.id, origin, now);
  });
}

/** The interviews the schedule shows: those that take (or took) place; declined and canceled ones do not. */
const SCHEDULED = "('pending', 'accepted', 'done', 'no_show')";

/** Days from today on (90 days) with scheduled interviews. */
export async function interviewDays(db: Db, companyId: number, now: Date) {
  const rows = await db.query<{ pick_time: Date }>(
    `SELECT pick_time FROM interviews WHERE company_id = $1 AND status IN ${SCHEDULED}
        AND pick_time >= $2 AND pick_time < $3 ORDER BY pick_time`,
    [companyId, chinaMidnight(fmtDate(now)), addDays(now, 90)],
  );
  const days = new Map<string, number>();
  for (const r of rows) {
    const d = fmtDate(r.pick_time);
    days.set(d, (days.get(d) ?? 0) + 1);
  }
  return { day_list: [...days].map(([date, num]) => ({ date, label: dayLabel(date, now), num })) };
}

/** One day's scheduled interviews grouped into 上午 / 下午 / 晚上, each with its state. */
export async function interviewDay(db: Db, companyId: number, date: string) {
  const start = chinaMidnight(date);
  if (Number.isNaN(start.getTime()) || fmtDate(start) !== date) throw badRequest('日期格式错误');
  const rows = await db.query<{ candidate_id: number; pick_time: Date; realname: string; title: string; status: string; verdict: string | null }>(
    `SELECT i.candidate_id, i.pick_time, c.realname, p.title, i.status, i.verdict FROM interviews i
       JOIN candidates c ON c.id = i.candidate_id JOIN positions p ON p.id = i.position_id AND p.company_id = i.company_id
      WHERE i.company_id = $1 AND i.status IN ${SCHEDULED} AND i.pick_time >= $2 AND i.pick_time < $3
      ORDER BY i.pick_time, i.id`,
    [companyId, start, addDays(start, 1)],
  );
  const list: Record<string, { user_id: number; hour: string; realname: string; job_name: string; status: string }[]> = {};
  for (const r of rows) {
    const hhmm = fmtDateTime(r.pick_time).slice(11, 16);
    const h = Number(hhmm.slice(0, 2));
    const group = h < 12 ? '上午' : h < 18 ? '下午' : '晚上';
    (list[group] ??= []).push({ user_id: r.candidate_id, hour: hhmm, realname: r.realname, job_name: r.title, status: stateOf(r) });
  }
  return { list };
}
