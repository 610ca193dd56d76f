/**
 * A position's public page (/m/job/{token}, issue 32): 分享 makes or shows the position's link
 * (重新生成链接 replaces it; the old one stops working), the page shows the position as a
 * job-seeker sees it, and 投递简历 checks the mobile by SMS (the SMS-code service's codes and
 * limits, purpose `apply`, counted also against the link) before the one shared
 * createApplication. A position 下线, under review or rejected, or past its 截止日期 takes no
 * application: the page says so and the server refuses.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { MSG_APPLIED_TWICE, type ApplyBody, type JobPageData, type ShareData } from '../../../contract/apply';
import { educationLabel, experienceLabel, salaryText, type JobNature } from '../../../contract/vocab';
import type { Db } from '../../db/types';
import type { LoginLimits } from '../../lib/limits';
import { badRequest, commitThenRefuse, conflict, notFound } from '../../lib/refusal';
import { fmtDate, fmtDateTime } from '../../lib/time';
import { consumeSmsCode, issueSmsCode } from '../sms-codes';
import { createApplication } from './create-application';
import { ownPosition } from './positions';

const MSG_NO_JOB = '职位不存在或链接已失效';
const MSG_CLOSED: Record<'offline' | 'expired', string> = { offline: '该职位已停止招聘', expired: '该职位已过截止日期，停止接收投递' };

/** The position's 分享 link at `origin`: the current one, or a new one when there is none or `rotate`. */
export async function sharePosition(db: Db, companyId: number, id: number, rotate: boolean, origin: string, now: Date): Promise<ShareData> {
  const p = await ownPosition(db, id, companyId);
  const row = await db.tx(async (t) => {
    const cur = (await t.one<{ share_token: string | null; share_created_at: Date | null }>(
      'SELECT share_token, share_created_at FROM positions WHERE id = $1 AND company_id = $2 FOR UPDATE',
      [p.id, companyId],
    ))!;
    if (cur.share_token && cur.share_created_at && !rotate) return { token: cur.share_token, at: cur.share_created_at };
    const token = randomBytes(18).toString('base64url');
    await t.query('UPDATE positions SET share_token = $3, share_created_at = $4 WHERE id = $1 AND company_id = $2', [p.id, companyId, token, now]);
    return { token, at: now };
  });
  return { url: `${origin}/m/job/${row.token}`, created_at: fmtDateTime(row.at), status: p.status };
}

interface JobRow {
  id: number;
  company_id: number;
  company_name: string;
  title: string;
  salary_min: number;
  salary_max: number;
  salary_months: number;
  job_nature: JobNature;
  education: number;
  experience: string;
  city: string;
  district: string;
  address: string;
  headcount: number;
  welfare: string[];
  description: string;
  contact_name: string;
  contact_tel: string;
  contact_public: boolean;
  closes_on: string | null;
  status: string;
}

/** The position behind a link (of a normal company), else the refusal. */
async function jobOf(db: Db, token: string, lock = false): Promise<JobRow> {
  const j = await db.one<JobRow>(
    `SELECT p.id, p.company_id, c.name AS company_name, p.title, p.salary_min, p.salary_max, p.salary_months, p.job_nature, p.education,
            p.experience, p.city, p.district, p.address, p.headcount, p.welfare, p.description, p.contact_name, p.contact_tel,
            p.contact_public, p.closes_on::text AS closes_on, p.status
       FROM positions p JOIN companies c ON c.id = p.company_id
      WHERE p.share_token = $1 AND c.status = 'normal'${lock ? ' FOR SHARE OF p' : ''}`,
    [token],
  );
  if (!j) throw notFound(MSG_NO_JOB);
  return j;
}

/** Why the position takes no application today ('' while it does). */
const closedOf = (j: JobRow, now: Date): JobPageData['closed'] =>
  j.status !== 'open' ? 'offline' : j.closes_on && j.closes_on < fmtDate(now) ? 'expired' : '';

/** The page: the position as a job-seeker sees it. */
export async function jobPage(db: Db, token: string, now: Date): Promise<JobPageData> {
  const j = await jobOf(db, token);
  return {
    title: j.title,
    company_name: j.company_name,
    salary: salaryText(j.salary_min, j.salary_max, j.salary_months),
    job_nature: j.job_nature,
    education: j.education ? `${educationLabel(j.education)}${j.education < 7 ? '及以上' : ''}` : educationLabel(0),
    experience: experienceLabel(j.experience),
    city: j.city,
    district: j.district,
    address: j.address,
    headcount: j.headcount,
    welfare: j.welfare,
    description: j.description,
    contact_name: j.contact_public ? j.contact_name : '',
    contact_tel: j.contact_public ? j.contact_tel : '',
    closes_on: j.closes_on ?? '',
    closed: closedOf(j, now),
  };
}

/** The position while it takes applications, else the page's refusal. */
async function openJob(db: Db, token: string, now: Date, lock = false): Promise<JobRow> {
  const j = await jobOf(db, token, lock);
  const closed = closedOf(j, now);
  if (closed) throw conflict(MSG_CLOSED[closed]);
  return j;
}

/** 获取验证码 on the page: the mobile's code (limits of the mobile, the IP and this link). */
export async function sendApplyCode(db: Db, token: string, mobile: string, ip: string, now: Date, limits: LoginLimits, sandbox: boolean): Promise<void> {
  await openJob(db, token, now);
  await commitThenRefuse(db, (t) => issueSmsCode(t, mobile, { ip, token, purpose: 'apply' }, now, limits, sandbox));
}

/** `YYYY-MM-DD` that many whole years before today (参加工作时间 from 工作年限); null for 0. */
const yearsBack = (now: Date, years: number) => {
  if (!years) return null;
  const d = fmtDate(now);
  return `${Number(d.slice(0, 4)) - years}${d.slice(4)}`.replace(/-02-29$/, '-02-28');
};

/**
 * 投递简历: the code checked (a wrong one stays counted: refused after the commit), then the one
 * application of this person to this position. A second 投递 answers 你已投递过该职位.
 */
export async function applyForJob(db: Db, token: string, body: z.output<typeof ApplyBody>, now: Date, limits: LoginLimits): Promise<void> {
  const age = Number(fmtDate(now).slice(0, 4)) - Number(body.birth.slice(0, 4));
  if (age < 16 || age > 70) throw badRequest('请选择正确的出生年月');
  if (body.work_years > age - 14) throw badRequest('工作年限与出生年月不符');
  await openJob(db, token, now);
  await commitThenRefuse(db, async (t) => {
    const wrong = await consumeSmsCode(t, body.mobile, body.code, 'apply', now, limits);
    if (wrong) return wrong;
    // checked again under lock: a 下线 racing the 投递 wins or waits
    const j = await openJob(t, token, now, true);
    const r = await createApplication(t, {
      companyId: j.company_id,
      positionId: j.id,
      who: {
        person: {
          realname: body.name,
          mobile: body.mobile,
          gender: body.gender,
          birthDate: `${body.birth}-01`,
          education: body.education,
          workStart: yearsBack(now, body.work_years),
          evaluation: body.intro,
        },
      },
      status: 'pending',
      source: '自主投递',
      now,
    });
    return r.created ? null : conflict(MSG_APPLIED_TWICE);
  });
}
