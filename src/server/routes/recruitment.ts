/**
 * Positions (publish, edit, close, reopen, per-position lists) and the talent-hall search.
 * Every object is checked to belong to the caller's company; paid actions need a membership.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { InviteTelRe } from '../../contract/talent';
import { EXPERIENCE, SALARY_BUCKETS, educationLabel, experienceLabel, jobStatusLabel, salaryText } from '../../contract/vocab';
import type { Db } from '../db/types';
import { activeText, maskName, workExpText, yearsSince } from '../domain/recruitment';
import { companyOf, memberCompanyOf } from '../domain/access';
import { badRequest, conflict, notFound } from '../lib/refusal';
import { addRoute } from '../http/route';
import { fmtDate, fmtDateTime } from '../lib/time';
import { chinaMidnight } from '../domain/accounts/todos';
import { addDay } from '../../contract/statistics';

/** `%`, `_` and `\` taken literally in ILIKE. */
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Words that send a position to manual review instead of publishing it (fees charged to applicants). */
const REVIEW_WORDS = ['押金', '培训费', '服装费', '体检费', '保证金', '加微信', '日赚'];

async function ownPosition(db: Db, id: number, companyId: number) {
  const p = await db.one<{ id: number; company_id: number; status: string; title: string }>(
    'SELECT id, company_id, status, title FROM positions WHERE id = $1',
    [id],
  );
  // another company's position answers like a missing one (no probing of ids)
  if (!p || p.company_id !== companyId) throw notFound('职位不存在');
  return p;
}

async function ownApplication(db: Db, id: number, companyId: number) {
  const a = await db.one<{ id: number; company_id: number; status: string }>('SELECT id, company_id, status FROM applications WHERE id = $1', [id]);
  if (!a || a.company_id !== companyId) throw notFound('投递记录不存在');
  return a;
}

const PERSON_SQL = `c.id AS user_id, c.realname, c.avatar, c.gender, c.birth_date, c.education, c.work_start,
  (SELECT w.company_name FROM candidate_work w WHERE w.candidate_id = c.id ORDER BY w.start_date DESC, w.id LIMIT 1) AS last_company,
  (SELECT w.job_name FROM candidate_work w WHERE w.candidate_id = c.id ORDER BY w.start_date DESC, w.id LIMIT 1) AS last_job`;

interface PersonRow {
  user_id: number;
  realname: string;
  avatar: string;
  gender: string;
  birth_date: string;
  education: number;
  work_start: string | null;
  last_company: string | null;
  last_job: string | null;
}
const person = (r: PersonRow, now: Date) => ({
  user_id: r.user_id,
  realname: r.realname,
  avatar: r.avatar,
  gender: r.gender,
  age: yearsSince(r.birth_date, now),
  education: educationLabel(r.education),
  work_exp: workExpText(r.work_start, now),
  last_company: r.last_company ?? '',
  last_job: r.last_job ?? '',
});

/** The date `years` before today, `YYYY-MM-DD` (China time). */
function yearsAgo(now: Date, years: number): string {
  const [y, m, d] = fmtDate(now).split('-');
  return `${Number(y) - years}-${m}-${d === '29' && m === '02' ? '28' : d}`;
}

export function recruitmentRoutes(app: FastifyInstance) {
  // --- talent hall --------------------------------------------------------------------------
  /**
   * Verified companies' admitted members search (issue 9: not any logged-in user); names are
   * masked and contact details never listed.
   */
  addRoute(app, endpoints.hall, async ({ auth, db, now, query }) => {
    const companyId = companyOf(auth).id;
    const where: string[] = [];
    const args: unknown[] = [];
    const arg = (v: unknown) => {
      args.push(v);
      return `$${args.length}`;
    };
    if (query.keywords) {
      const k = arg(like(query.keywords));
      where.push(`(c.expect_job ILIKE ${k} OR c.evaluation ILIKE ${k} OR array_to_string(c.labels, ',') ILIKE ${k}
        OR EXISTS (SELECT 1 FROM candidate_work w WHERE w.candidate_id = c.id AND (w.job_name ILIKE ${k} OR w.company_name ILIKE ${k})))`);
    }
    if (query.city) where.push(`c.expect_city = ${arg(query.city)}`);
    if (query.education) where.push(`c.education = ${arg(query.education)}`);
    if (query.job_status) where.push(`c.job_status = ${arg(query.job_status)}`);
    if (query.label) where.push(`${arg(query.label)} = ANY (c.labels)`);
    if (query.experience && query.experience !== 'any') {
      if (query.experience === 'fresh') where.push('c.work_start IS NULL');
      else {
        const b = EXPERIENCE.find((e) => e.code === query.experience)!;
        where.push(`c.work_start IS NOT NULL AND c.work_start <= ${arg(yearsAgo(now, b.min))} AND c.work_start > ${arg(yearsAgo(now, b.max))}`);
      }
    }
    if (query.salary) {
      const b = SALARY_BUCKETS.find((e) => e.code === query.salary)!;
      where.push(`c.expect_min < ${arg(b.max)} AND c.expect_max >= ${arg(b.min)}`);
    }
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM candidates c ${w}`, args))!.n;
    const rows = await db.query<PersonRow & {
      verify_status: number;
      job_status: number;
      expect_city: string;
      expect_job: string;
      expect_min: number;
      expect_max: number;
      labels: string[];
      evaluation: string;
      active_at: Date;
      invited: boolean;
    }>(
      `SELECT ${PERSON_SQL}, c.verify_status, c.job_status, c.expect_city, c.expect_job, c.expect_min, c.expect_max,
              c.labels, c.evaluation, c.active_at,
              EXISTS (SELECT 1 FROM interviews i WHERE i.candidate_id = c.id AND i.company_id = ${arg(companyId)}
                        AND i.status IN ('pending', 'accepted')) AS invited
         FROM candidates c ${w}
        ORDER BY c.active_at DESC, c.id DESC
        LIMIT ${arg(query.page_size)} OFFSET ${arg((query.page - 1) * query.page_size)}`,
      args,
    );
    return {
      total,
      page: query.page,
      page_size: query.page_size,
      list: rows.map((r) => ({
        id: r.user_id,
        realname: maskName(r.realname, r.gender),
        avatar: r.avatar,
        gender: r.gender,
        age: yearsSince(r.birth_date, now),
        work_exp: workExpText(r.work_start, now),
        education: educationLabel(r.education),
        job_status: jobStatusLabel(r.job_status),
        expect_city: r.expect_city,
        expect_job: r.expect_job,
        expect_salary: salaryText(r.expect_min, r.expect_max),
        labels: r.labels,
        evaluation: r.evaluation,
        last_company: r.last_company ?? '',
        last_job: r.last_job ?? '',
        active: activeText(r.active_at, now),
        verify_status: r.verify_status,
        invited: r.invited,
      })),
    };
  });

  // --- positions ----------------------------------------------------------------------------
  addRoute(app, endpoints.positions, async ({ auth, db, query, now }) => {
    const company = companyOf(auth);
    const args: unknown[] = [company.id];
    let kw = '';
    if (query.keywords) {
      args.push(like(query.keywords));
      kw = ` AND (p.title ILIKE $2 OR p.category ILIKE $2 OR p.city ILIKE $2)`;
    }
    if (query.todo === 'resumes') kw += ` AND EXISTS (SELECT 1 FROM applications a WHERE a.position_id = p.id AND a.company_id = p.company_id AND a.status = 'pending')`;
    if (query.todo === 'interviews') {
      const today = fmtDate(now);
      const a = args.push(chinaMidnight(today));
      args.push(chinaMidnight(addDay(today, 1)));
      kw += ` AND EXISTS (SELECT 1 FROM interviews i WHERE i.position_id = p.id AND i.company_id = p.company_id AND i.pick_time >= $${a} AND i.pick_time < $${a + 1}
                AND i.status IN ('pending', 'accepted'))`;
    }
    const counts = { all: 0, open: 0, review: 0, rejected: 0, closed: 0 };
    for (const r of await db.query<{ status: keyof typeof counts; n: number }>(
      `SELECT p.status, count(*) AS n FROM positions p WHERE p.company_id = $1${kw} GROUP BY p.status`,
      args,
    )) {
      counts[r.status] = r.n;
      counts.all += r.n;
    }
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
      status: 'open' | 'review' | 'rejected' | 'closed';
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
              (SELECT count(*) FROM applications a WHERE a.position_id = p.id AND a.company_id = p.company_id) AS apply_num,
              (SELECT count(*) FROM applications a WHERE a.position_id = p.id AND a.company_id = p.company_id AND a.status = 'pending') AS new_num,
              (SELECT count(*) FROM interviews i WHERE i.position_id = p.id AND i.company_id = p.company_id AND i.status <> 'canceled') AS invite_num,
              (SELECT count(*) FROM applications a WHERE a.position_id = p.id AND a.company_id = p.company_id AND a.status = 'hired') AS hired_num
         FROM positions p LEFT JOIN users u ON u.id = p.created_by
        WHERE p.company_id = $1${kw}${st}
        ORDER BY p.updated_at DESC, p.id DESC
        LIMIT $${args.push(query.page_size)} OFFSET $${args.push((query.page - 1) * query.page_size)}`,
      args,
    );
    return {
      counts,
      total: query.status === 'all' ? counts.all : counts[query.status],
      page: query.page,
      page_size: query.page_size,
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
  });

  addRoute(app, endpoints.position, async ({ auth, db, params }) => {
    const company = companyOf(auth);
    await ownPosition(db, params.id, company.id);
    const p = (await db.one<Record<string, unknown>>(
      `SELECT id, title, category, city, district, salary_min, salary_max, salary_months, experience, education, headcount,
              welfare, description, address, contact_name, contact_tel, coalesce(department, '') AS department, status FROM positions WHERE id = $1`,
      [params.id],
    ))!;
    return p as never;
  });

  /** Publish (no id) or edit; members only. Text asking applicants for fees goes to review. */
  addRoute(app, endpoints.positionSave, async ({ auth, db, now, body }) => {
    const company = memberCompanyOf(auth, now);
    if (!InviteTelRe.test(body.contact_tel)) throw badRequest('请填写正确的联系电话（手机号或座机号）');
    const flagged = REVIEW_WORDS.some((w) => body.title.includes(w) || body.description.includes(w));
    const fields = [
      body.title, body.category, body.city, body.district, body.salary_min, body.salary_max, body.salary_months,
      body.experience, body.education, body.headcount, body.welfare, body.description, body.address, body.contact_name,
      body.contact_tel, body.department || null,
    ];
    if (body.id) {
      const p = await ownPosition(db, body.id, company.id);
      // an edited position keeps its state, except that flagged text (re)enters review and a fixed rejected one is checked again
      const status = flagged ? 'review' : p.status === 'rejected' || p.status === 'review' ? 'open' : p.status;
      await db.query(
        `UPDATE positions SET title=$2, category=$3, city=$4, district=$5, salary_min=$6, salary_max=$7, salary_months=$8,
           experience=$9, education=$10, headcount=$11, welfare=$12, description=$13, address=$14, contact_name=$15,
           contact_tel=$16, department=$17, status=$18, reject_reason='', updated_at=$19 WHERE id=$1`,
        [p.id, ...fields, status, now],
      );
      return { id: p.id, status: status as 'open' };
    }
    const dup = await db.one(`SELECT 1 FROM positions WHERE company_id = $1 AND title = $2 AND city = $3 AND status IN ('open', 'review')`, [
      company.id,
      body.title,
      body.city,
    ]);
    if (dup) throw conflict(`「${body.title}」已在${body.city}招聘中，请勿重复发布`);
    const status = flagged ? ('review' as const) : ('open' as const);
    const row = await db.one<{ id: number }>(
      `INSERT INTO positions (title, category, city, district, salary_min, salary_max, salary_months, experience, education,
         headcount, welfare, description, address, contact_name, contact_tel, department, company_id, status, created_by, created_at, updated_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$20) RETURNING id`,
      [...fields, company.id, status, auth.user.id, now],
    );
    return { id: row!.id, status };
  });

  /** 下线 (close) any live position; 重新上线 (reopen, members only) a closed one. */
  addRoute(app, endpoints.positionStatus, async ({ auth, db, now, params, body, setMsg }) => {
    const company = body.action === 'reopen' ? memberCompanyOf(auth, now) : companyOf(auth);
    const p = await ownPosition(db, params.id, company.id);
    if (body.action === 'close') {
      if (p.status === 'closed') throw conflict('该职位已下线');
      await db.query(`UPDATE positions SET status = 'closed', updated_at = $2 WHERE id = $1`, [p.id, now]);
      setMsg('职位已下线');
      return { id: p.id, status: 'closed' as const };
    }
    if (p.status !== 'closed') throw conflict('只有已下线的职位可以重新上线');
    await db.query(`UPDATE positions SET status = 'open', updated_at = $2 WHERE id = $1`, [p.id, now]);
    setMsg('职位已重新上线');
    return { id: p.id, status: 'open' as const };
  });

  addRoute(app, endpoints.positionApplies, async ({ auth, db, now, params, query }) => {
    const company = companyOf(auth);
    const p = await ownPosition(db, params.id, company.id);
    const args: unknown[] = [p.id];
    const st = query.status === 'all' ? '' : ` AND a.status = $${args.push(query.status)}`;
    const total = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM applications a WHERE a.position_id = $1${st}`, args))!.n;
    const rows = await db.query<PersonRow & { id: number; status: 'pending'; source: string; created_at: Date }>(
      `SELECT a.id, a.status, a.source, a.created_at, ${PERSON_SQL}
         FROM applications a JOIN candidates c ON c.id = a.candidate_id
        WHERE a.position_id = $1${st}
        ORDER BY a.created_at DESC, a.id DESC LIMIT $${args.push(query.page_size)} OFFSET $${args.push((query.page - 1) * query.page_size)}`,
      args,
    );
    return {
      title: p.title,
      total,
      page: query.page,
      page_size: query.page_size,
      list: rows.map((r) => ({ id: r.id, ...person(r, now), status: r.status, source: r.source, applied_at: fmtDateTime(r.created_at) })),
    };
  });

  addRoute(app, endpoints.positionHired, async ({ auth, db, now, params, query }) => {
    const company = companyOf(auth);
    const p = await ownPosition(db, params.id, company.id);
    const total = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM applications WHERE position_id = $1 AND status = 'hired'`, [p.id]))!.n;
    const rows = await db.query<PersonRow & { id: number; status: 'hired'; source: string; created_at: Date; hired_at: Date | null; updated_at: Date }>(
      `SELECT a.id, a.status, a.source, a.created_at, a.hired_at, a.updated_at, ${PERSON_SQL}
         FROM applications a JOIN candidates c ON c.id = a.candidate_id
        WHERE a.position_id = $1 AND a.status = 'hired'
        ORDER BY COALESCE(a.hired_at, a.updated_at) DESC, a.id DESC LIMIT $2 OFFSET $3`,
      [p.id, query.page_size, (query.page - 1) * query.page_size],
    );
    return {
      title: p.title,
      total,
      page: query.page,
      page_size: query.page_size,
      list: rows.map((r) => ({
        id: r.id,
        ...person(r, now),
        status: r.status,
        source: r.source,
        applied_at: fmtDateTime(r.created_at),
        hired_at: fmtDateTime(r.hired_at ?? r.updated_at),
      })),
    };
  });

  addRoute(app, endpoints.positionInvited, async ({ auth, db, now, params, query }) => {
    const company = companyOf(auth);
    const p = await ownPosition(db, params.id, company.id);
    const total = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM interviews WHERE position_id = $1`, [p.id]))!.n;
    const rows = await db.query<PersonRow & {
      id: number;
      status: 'pending';
      pick_time: Date;
      address: string;
      contacts_name: string;
      contacts_tel: string;
      remark: string;
      created_at: Date;
    }>(
      `SELECT i.id, i.status, i.pick_time, i.address, i.contacts_name, i.contacts_tel, i.remark, i.created_at, ${PERSON_SQL}
         FROM interviews i JOIN candidates c ON c.id = i.candidate_id
        WHERE i.position_id = $1
        ORDER BY i.created_at DESC, i.id DESC LIMIT $2 OFFSET $3`,
      [p.id, query.page_size, (query.page - 1) * query.page_size],
    );
    return {
      title: p.title,
      total,
      page: query.page,
      page_size: query.page_size,
      list: rows.map((r) => ({
        id: r.id,
        ...person(r, now),
        status: r.status,
        pick_time: fmtDateTime(r.pick_time),
        address: r.address,
        contacts_name: r.contacts_name,
        contacts_tel: r.contacts_tel,
        remark: r.remark,
        sent_at: fmtDateTime(r.created_at),
      })),
    };
  });

  addRoute(app, endpoints.applyUnsuitable, async ({ auth, db, now, params, setMsg }) => {
    const company = companyOf(auth);
    const a = await ownApplication(db, params.id, company.id);
    // one conditional write (no check-then-write): of concurrent calls exactly one changes the row
    const done = await db.one(
      `UPDATE applications SET status = 'unsuitable', updated_at = $2 WHERE id = $1 AND status NOT IN ('hired', 'unsuitable') RETURNING id`,
      [a.id, now],
    );
    if (!done) {
      const st = (await db.one<{ status: string }>('SELECT status FROM applications WHERE id = $1', [a.id]))?.status;
      throw conflict(st === 'hired' ? '该候选人已录用，不能标记为不合适' : '已标记为不合适');
    }
    setMsg('已标记为不合适');
    return { id: a.id, status: 'unsuitable' as const };
  });

  addRoute(app, endpoints.applyHire, async ({ auth, db, now, params, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const a = await ownApplication(db, params.id, company.id);
    const done = await db.one(
      `UPDATE applications SET status = 'hired', hired_at = $2, updated_at = $2 WHERE id = $1 AND status <> 'hired' RETURNING id`,
      [a.id, now],
    );
    if (!done) throw conflict('该候选人已录用');
    setMsg('已录用');
    return { id: a.id, status: 'hired' as const };
  });
}
