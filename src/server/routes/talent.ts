/**
 * SPEC §7 calls of the recruitment area: talent/view_user, talent/invite (GET/POST),
 * index/company, index/plan (GET/POST); and the signed departure-proof images (`no8_pic`).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { InviteTelRe } from '../../contract/talent';
import { educationLabel } from '../../contract/vocab';
import type { Db } from '../db/types';
import { workExpText, yearsSince } from '../domain/recruitment';
import { companyOf, isPaid, memberCompanyOf } from '../domain/access';
import { checkProofUrl, proofSvg, proofUrl } from '../domain/dimission/proof-image';
import { PROOF_COLS, thirdPartyDocument, type ProofRow } from '../domain/dimission/proofs';
import { proofDocument, tenureText, type ProofDocument } from '../../contract/dimission-rules';
import { badRequest, conflict, notFound } from '../lib/refusal';
import { addRoute } from '../http/route';
import { addDays, fmtDate, fmtDateTime } from '../lib/time';

const MSG_NO_CANDIDATE = '该人才不存在或已下线';

interface CandidateRow {
  id: number;
  realname: string;
  gender: string;
  birth_date: string;
  mobile_mask: string;
  avatar: string;
  verify_status: number;
  nation: string;
  current_addr: string;
  jnplace: string;
  education: number;
  work_start: string | null;
  labels: string[];
  resign_cause: string[];
  evaluation: string;
}

async function candidate(db: Db, id: number): Promise<CandidateRow> {
  // never the sealed mobile_enc: only the 查看联系方式 call decrypts it (routes/privacy.ts)
  const c = await db.one<CandidateRow>(
    `SELECT id, realname, gender, birth_date, mobile_mask, avatar, verify_status, nation, current_addr, jnplace, education,
            work_start, labels, resign_cause, evaluation FROM candidates WHERE id = $1`,
    [id],
  );
  if (!c) throw notFound(MSG_NO_CANDIDATE);
  return c;
}

/** `2年3个月` between two `YYYY-MM-DD` dates. */
function spanText(start: string, end: string): string {
  const [y1, m1] = start.split('-').map(Number) as [number, number];
  const [y2, m2] = end.split('-').map(Number) as [number, number];
  const months = Math.max(1, (y2 - y1) * 12 + (m2 - m1));
  const y = Math.floor(months / 12);
  const m = months % 12;
  return `${y ? `${y}年` : ''}${m ? `${m}个月` : ''}`;
}

/** `2026-11-21 09:00:00` (China time) → Date; null when not a real time. */
function parseChinaTime(s: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const t = Date.UTC(y, mo - 1, d, h - 8, mi, se);
  const back = new Date(t + 8 * 3600_000);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || se > 59) return null;
  return new Date(t);
}

const WEEK = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
function dayLabel(date: string, now: Date): string {
  const today = fmtDate(now);
  if (date === today) return '今天';
  if (date === fmtDate(addDays(now, 1))) return '明天';
  if (date === fmtDate(addDays(now, 2))) return '后天';
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return WEEK[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
}
/** Midnight China time of `date` (YYYY-MM-DD) as a Date. */
const chinaMidnight = (date: string) => new Date(`${date}T00:00:00+08:00`);

export function talentRoutes(app: FastifyInstance) {
  /**
   * A candidate's resume; every view is logged. The mobile is always masked: member companies
   * open it with 查看联系方式 (POST /talent/contact/:id, check_info CRC once, audited).
   */
  addRoute(app, endpoints.viewUser, async ({ auth, db, now, params }) => {
    const company = companyOf(auth);
    const c = await candidate(db, params.id);
    const paid = isPaid(company, now);
    const unlocked = await db.one('SELECT 1 FROM contact_unlocks WHERE company_id = $1 AND candidate_id = $2', [company.id, c.id]);
    const cost = await db.one<{ value: number }>("SELECT value FROM crc_configure WHERE key = 'check_info'");
    const work = await db.query<{
      id: number;
      company_id: number | null;
      company_name: string;
      job_name: string;
      start_date: string;
      end_date: string | null;
      resign_id: number;
      resign_type: 'in' | 'other';
      has_proof: boolean;
    }>('SELECT * FROM candidate_work WHERE candidate_id = $1 ORDER BY start_date DESC, id', [c.id]);
    const edu = await db.query<{ school_name: string; major: string; start_date: string; end_date: string; education: number }>(
      'SELECT * FROM candidate_edu WHERE candidate_id = $1 ORDER BY start_date DESC, id',
      [c.id],
    );
    const apply = await db.one<{ id: number; position_id: number }>(
      `SELECT a.id, a.position_id FROM applications a JOIN positions p ON p.id = a.position_id AND p.company_id = a.company_id
        WHERE a.company_id = $1 AND a.candidate_id = $2 AND a.status IN ('pending', 'viewed') AND p.status = 'open'
        ORDER BY a.created_at DESC, a.id DESC LIMIT 1`,
      [company.id, c.id],
    );
    const invited = await db.one(
      `SELECT 1 FROM interviews WHERE company_id = $1 AND candidate_id = $2 AND status IN ('pending', 'accepted') AND pick_time >= $3`,
      [company.id, c.id, addDays(now, -1)],
    );
    await db.tx(async (t) => {
      await t.query(
        `UPDATE applications SET status = 'viewed', updated_at = $3 WHERE company_id = $1 AND candidate_id = $2 AND status = 'pending'`,
        [company.id, c.id, now],
      );
      await t.query('INSERT INTO resume_views (company_id, user_id, candidate_id, contact_shown, viewed_at) VALUES ($1,$2,$3,$4,$5)', [
        company.id,
        auth.user.id,
        c.id,
        false, // the resume never carries the full mobile; full views are in pii_views
        now,
      ]);
    });
    const today = fmtDate(now);
    return {
      user: {
        avatar: c.avatar,
        gender: c.gender,
        realname: c.realname,
        verify_status: c.verify_status,
        mobile: c.mobile_mask,
        age: yearsSince(c.birth_date, now),
        work_exp: workExpText(c.work_start, now),
        education: educationLabel(c.education),
        nation: c.nation,
        current_addr: c.current_addr,
        jnplace: c.jnplace,
        labels: c.labels,
        resign_cause: c.resign_cause,
        work_time: c.work_start ? c.work_start.slice(0, 7) : '',
        evaluation: c.evaluation,
      },
      user_invite_exists: Boolean(invited),
      invited_type: apply ? 'intention' : 'user',
      job_id: apply?.position_id ?? 0,
      apply_id: apply?.id ?? 0,
      contact_visible: paid,
      contact_unlocked: Boolean(unlocked),
      contact_cost: cost?.value ?? 0,
      work_exp_list: await Promise.all(
        work.map(async (w) => ({
          company_id: w.company_id ?? 0,
          company_name: w.company_name,
          job_name: w.job_name,
          resign_id: w.resign_id,
          resign_type: w.resign_type,
          start_time: w.start_date.slice(0, 7),
          end_time: w.end_date ? w.end_date.slice(0, 7) : '至今',
          work_year: spanText(w.start_date, w.end_date ?? today),
          no8_pic: w.has_proof && w.end_date ? await proofUrl(db, w.id, now) : '',
        })),
      ),
      edu_list: edu.map((e) => ({
        school_name: e.school_name,
        major: e.major,
        start_time: e.start_date.slice(0, 7),
        end_time: e.end_date.slice(0, 7),
        education_text: educationLabel(e.education),
      })),
    };
  });

  /**
   * Business-registration facts of a verified company (public information), for verified companies'
   * admitted members only: anyone else could walk the ids.
   */
  addRoute(app, endpoints.companyInfo, async ({ auth, db, params }) => {
    companyOf(auth);
    const c = await db.one<Record<string, string> & { status: string }>('SELECT * FROM companies WHERE id = $1', [params.id]);
    if (!c || c.status !== 'normal') throw notFound('企业不存在或尚未通过认证');
    return {
      logo: c.logo!,
      company_name: c.name!,
      bussiness_industry: c.industry!,
      staff_num_range: c.staff_num_range!,
      creditcode: c.creditcode!,
      website_link: c.website_link!,
      address: c.address!,
      registered: c.registered!,
      represent: c.represent!,
      busniss_expire: c.busniss_expire!,
      reg_status: c.reg_status!,
      business_scope: c.business_scope!,
    };
  });

  /** What the invitation dialog pre-fills. type user: id = candidate; type intention: id = application. */
  addRoute(app, endpoints.inviteInfo, async ({ auth, db, now, params, query }) => {
    const company = memberCompanyOf(auth, now);
    let realname: string;
    let jobName = '';
    if (query.type === 'intention') {
      const a = await db.one<{ company_id: number; realname: string; title: string }>(
        `SELECT a.company_id, c.realname, p.title FROM applications a
           JOIN candidates c ON c.id = a.candidate_id JOIN positions p ON p.id = a.position_id AND p.company_id = a.company_id WHERE a.id = $1`,
        [params.id],
      );
      // another company's application answers like a missing one
      if (!a || a.company_id !== company.id) throw notFound('投递记录不存在');
      realname = a.realname;
      jobName = a.title;
    } else {
      realname = (await candidate(db, params.id)).realname;
    }
    const jobs =
      query.type === 'user'
        ? await db.query<{ id: number; job_name: string }>(
            `SELECT id, title AS job_name FROM positions WHERE company_id = $1 AND status = 'open' ORDER BY updated_at DESC, id DESC`,
            [company.id],
          )
        : [];
    // the address of this HR user's last invitation, else the company's
    const last = await db.one<{ address: string }>(
      'SELECT address FROM interviews WHERE company_id = $1 AND created_by = $2 ORDER BY created_at DESC, id DESC LIMIT 1',
      [company.id, auth.user.id],
    );
    const co = await db.one<{ address: string }>('SELECT address FROM companies WHERE id = $1', [company.id]);
    return {
      realname,
      company_name: company.name,
      job_name: jobName,
      address: last?.address ?? co?.address ?? '',
      hr_mobile: auth.user.mobile,
      hr_realname: auth.user.realname,
      job_lst: jobs,
    };
  });

  /** Sends an invitation; the msg is the console's success text. */
  addRoute(app, endpoints.invite, async ({ auth, db, now, params, body, setMsg }) => {
    const company = memberCompanyOf(auth, now);
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
      const a = await db.one<{ id: number; company_id: number; candidate_id: number; position_id: number }>(
        'SELECT id, company_id, candidate_id, position_id FROM applications WHERE id = $1',
        [params.id],
      );
      if (!a || a.company_id !== company.id) throw notFound('投递记录不存在');
      candidateId = a.candidate_id;
      positionId = a.position_id;
      applicationId = a.id;
    } else {
      candidateId = (await candidate(db, params.id)).id;
      positionId = body.job_id!;
    }
    const p = await db.one<{ company_id: number; status: string }>('SELECT company_id, status FROM positions WHERE id = $1', [positionId]);
    if (!p || p.company_id !== company.id) throw notFound('职位不存在');
    if (p.status !== 'open') throw conflict('该职位未在招聘中，请选择其他职位');

    await db.tx(async (t) => {
      // Every invitation for a candidate and a position goes through their one application row
      // (unique per position and candidate), locked first: concurrent invitations, and a hire
      // racing an invitation, are serialised on it (the duplicate check below cannot lock rows
      // that do not exist yet).
      if (applicationId === null) {
        // an invitation from the hall opens an application so the position's lists show the candidate
        const row = await t.one<{ id: number }>(
          `INSERT INTO applications (position_id, company_id, candidate_id, status, source, created_at, updated_at)
           VALUES ($1,$2,$3,'invited','企业邀约',$4,$4)
           ON CONFLICT (position_id, candidate_id) DO UPDATE SET
             status = CASE WHEN applications.status = 'hired' THEN 'hired' ELSE 'invited' END, updated_at = $4
           RETURNING id`,
          [positionId, company.id, candidateId, now],
        );
        applicationId = row!.id;
      } else {
        const a = await t.one<{ status: string }>('SELECT status FROM applications WHERE id = $1 FOR UPDATE', [applicationId]);
        if (a?.status === 'hired') throw conflict('该候选人已录用，无需再邀请面试');
        await t.query(`UPDATE applications SET status = 'invited', updated_at = $2 WHERE id = $1`, [applicationId, now]);
      }
      const dup = await t.one(
        `SELECT 1 FROM interviews WHERE company_id = $1 AND candidate_id = $2 AND position_id = $3
            AND status IN ('pending', 'accepted') AND pick_time >= $4`,
        [company.id, candidateId, positionId, addDays(now, -1)],
      );
      if (dup) throw conflict('已向该候选人发送过该职位的面试邀请，请勿重复发送');
      await t.query(
        `INSERT INTO interviews (company_id, candidate_id, position_id, application_id, type, pick_time, address,
           contacts_name, contacts_tel, remark, created_by, created_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
        [company.id, candidateId, positionId, applicationId, body.type, at, body.address, body.contacts_name, body.contacts_tel, body.remark ?? '', auth.user.id, now],
      );
    });
    setMsg('面试邀请已发送');
    return null;
  });

  /** Days from today on with open interviews (pending or accepted). */
  addRoute(app, endpoints.planDays, async ({ auth, db, now }) => {
    const company = memberCompanyOf(auth, now);
    const rows = await db.query<{ pick_time: Date }>(
      `SELECT pick_time FROM interviews WHERE company_id = $1 AND status IN ('pending', 'accepted')
          AND pick_time >= $2 AND pick_time < $3 ORDER BY pick_time`,
      [company.id, chinaMidnight(fmtDate(now)), addDays(now, 90)],
    );
    const days = new Map<string, number>();
    for (const r of rows) {
      const d = fmtDate(r.pick_time);
      days.set(d, (days.get(d) ?? 0) + 1);
    }
    return { day_list: [...days].map(([date, num]) => ({ date, label: dayLabel(date, now), num })) };
  });

  /** One day's interviews grouped into 上午 / 下午 / 晚上. */
  addRoute(app, endpoints.planDay, async ({ auth, db, now, body }) => {
    const company = memberCompanyOf(auth, now);
    const start = chinaMidnight(body.date);
    if (Number.isNaN(start.getTime()) || fmtDate(start) !== body.date) throw badRequest('日期格式错误');
    const rows = await db.query<{ candidate_id: number; pick_time: Date; realname: string; title: string }>(
      `SELECT i.candidate_id, i.pick_time, c.realname, p.title FROM interviews i
         JOIN candidates c ON c.id = i.candidate_id JOIN positions p ON p.id = i.position_id AND p.company_id = i.company_id
        WHERE i.company_id = $1 AND i.status IN ('pending', 'accepted') AND i.pick_time >= $2 AND i.pick_time < $3
        ORDER BY i.pick_time, i.id`,
      [company.id, start, addDays(start, 1)],
    );
    const list: Record<string, { user_id: number; hour: string; realname: string; job_name: string }[]> = {};
    for (const r of rows) {
      const hhmm = fmtDateTime(r.pick_time).slice(11, 16);
      const h = Number(hhmm.slice(0, 2));
      const group = h < 12 ? '上午' : h < 18 ? '下午' : '晚上';
      (list[group] ??= []).push({ user_id: r.candidate_id, hour: hhmm, realname: r.realname, job_name: r.title });
    }
    return { list };
  });

  /** The departure-proof image behind a signed `no8_pic` URL. */
  app.get<{ Params: { file: string }; Querystring: { exp?: string; sig?: string } }>('/files/proof/:file', async (req, reply) => {
    const m = /^(\d{1,9})\.svg$/.exec(req.params.file);
    const id = m ? Number(m[1]) : 0;
    const ok = id > 0 && (await checkProofUrl(app.db, id, Number(req.query.exp), String(req.query.sig ?? ''), app.now()));
    if (!ok) return reply.status(403).type('text/plain; charset=utf-8').send('链接已失效，请重新打开简历');
    const w = await app.db.one<{
      company_name: string;
      job_name: string;
      start_date: string;
      end_date: string | null;
      resign_type: 'in' | 'other';
      has_proof: boolean;
      realname: string;
      gender: string;
      resign_id: number;
      company_id: number | null;
    }>(
      `SELECT w.company_name, w.job_name, w.start_date, w.end_date, w.resign_type, w.has_proof, w.resign_id, w.company_id, c.realname, c.gender
         FROM candidate_work w JOIN candidates c ON c.id = w.candidate_id WHERE w.id = $1`,
      [id],
    );
    if (!w || !w.has_proof || !w.end_date) return reply.status(404).type('text/plain; charset=utf-8').send('离职证明不存在');
    const today = fmtDate(app.now());
    let doc: ProofDocument;
    // a platform proof: drawn from the issued proof itself (ID number masked for this reader); once the
    // company's copy is anonymised (domain/retention.ts) the resume's own facts are drawn instead
    const own = w.resign_type === 'in' && w.resign_id
      ? await app.db.one<ProofRow>(
          `SELECT ${PROOF_COLS} FROM departure_proofs WHERE id = $1 AND company_id = $2 AND status IN ('issued', 'viewed') AND anonymised_at IS NULL`,
          [w.resign_id, w.company_id],
        )
      : undefined;
    if (own) doc = thirdPartyDocument(own, today);
    else
      doc = proofDocument({
        name: w.realname, id_card: '（见原件）', job_name: w.job_name, entry_date: w.start_date, leave_date: w.end_date,
        contract_start: null, contract_end: null, contract_open_ended: false, tenure_text: tenureText(w.start_date, w.end_date),
        legal_basis: '', print_reason: false, non_compete: '', company_name: w.company_name, issue_date: w.end_date,
        serial: `SC${String(id).padStart(8, '0')}`,
      });
    return reply
      .header('Cache-Control', 'private, max-age=600')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('image/svg+xml; charset=utf-8')
      .send(proofSvg(doc, own ? 'in' : 'other'));
  });
}
