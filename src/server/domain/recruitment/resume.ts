/**
 * A candidate's resume as a company sees it (every view logged, the mobile always masked), the
 * registration facts of a company on it, and the signed departure-proof images (`no8_pic`).
 */
import { proofDocument, tenureText, type ProofDocument } from '../../../contract/dimission-rules';
import { educationLabel } from '../../../contract/vocab';
import type { Db } from '../../db/types';
import { notFound } from '../../lib/refusal';
import { addDays, fmtDate } from '../../lib/time';
import { PROOF_COLS, thirdPartyDocument, type ProofRow } from '../dimission/proofs';
import { checkProofUrl, proofSvg, proofUrl } from '../dimission/proof-image';
import { workExpText, yearsSince } from './texts';

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

/** The candidate, or a refusal. */
export async function candidate(db: Db, id: number): Promise<CandidateRow> {
  // never the sealed mobile_enc: only the 查看联系方式 call decrypts it (routes/privacy.ts);
  // a merged record opens the kept one (issue 32 item 3: one person, one record)
  const c = await db.one<CandidateRow>(
    `SELECT id, realname, gender, birth_date, mobile_mask, avatar, verify_status, nation, current_addr, jnplace, education,
            work_start, labels, resign_cause, evaluation
       FROM candidates WHERE id = (SELECT COALESCE(merged_into, id) FROM candidates WHERE id = $1)`,
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

/**
 * A candidate's resume for the caller's company; the view is logged and the company's pending
 * applications from the person become 已查看. `paid`: a member company may open the contact
 * details (查看联系方式, POST /talent/contact/:id, check_info CRC once, audited).
 */
export async function viewResume(db: Db, v: { companyId: number; userId: number; paid: boolean }, candidateId: number, now: Date) {
  const c = await candidate(db, candidateId);
  const unlocked = await db.one('SELECT 1 FROM contact_unlocks WHERE company_id = $1 AND candidate_id = $2', [v.companyId, c.id]);
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
    [v.companyId, c.id],
  );
  const invited = await db.one(
    `SELECT 1 FROM interviews WHERE company_id = $1 AND candidate_id = $2 AND status IN ('pending', 'accepted') AND pick_time >= $3`,
    [v.companyId, c.id, addDays(now, -1)],
  );
  await db.tx(async (t) => {
    await t.query(`UPDATE applications SET status = 'viewed', updated_at = $3 WHERE company_id = $1 AND candidate_id = $2 AND status = 'pending'`, [
      v.companyId,
      c.id,
      now,
    ]);
    await t.query('INSERT INTO resume_views (company_id, user_id, candidate_id, contact_shown, viewed_at) VALUES ($1,$2,$3,$4,$5)', [
      v.companyId,
      v.userId,
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
    contact_visible: v.paid,
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
}

/** Business-registration facts (public information) of a verified company. */
export async function companyFacts(db: Db, id: number) {
  const c = await db.one<Record<string, string> & { status: string }>('SELECT * FROM companies WHERE id = $1', [id]);
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
}

/** The picture behind a signed `no8_pic` link, or why there is none (the link is bad or expired; no proof). */
export type ProofImage = { svg: string } | { refused: 'link' | 'missing' };

/** The departure proof behind `file` (`<work id>.svg`, domain/dimission/proof-image.ts proofUrl) as an SVG, if the link's signature holds. */
export async function proofImage(db: Db, file: string, exp: number, sig: string, now: Date): Promise<ProofImage> {
  const m = /^(\d{1,9})\.svg$/.exec(file);
  const workId = m ? Number(m[1]) : 0;
  if (!(workId > 0 && (await checkProofUrl(db, workId, exp, sig, now)))) return { refused: 'link' };
  const w = await db.one<{
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
    [workId],
  );
  if (!w || !w.has_proof || !w.end_date) return { refused: 'missing' };
  const today = fmtDate(now);
  let doc: ProofDocument;
  // a platform proof: drawn from the issued proof itself (ID number masked for this reader); once the
  // company's copy is anonymised (domain/accounts/retention-*.ts) the resume's own facts are drawn instead
  const own =
    w.resign_type === 'in' && w.resign_id
      ? await db.one<ProofRow>(
          `SELECT ${PROOF_COLS} FROM departure_proofs WHERE id = $1 AND company_id = $2 AND status IN ('issued', 'viewed') AND anonymised_at IS NULL`,
          [w.resign_id, w.company_id],
        )
      : undefined;
  if (own) doc = thirdPartyDocument(own, today);
  else
    doc = proofDocument({
      name: w.realname,
      id_card: '（见原件）',
      job_name: w.job_name,
      entry_date: w.start_date,
      leave_date: w.end_date,
      contract_start: null,
      contract_end: null,
      contract_open_ended: false,
      tenure_text: tenureText(w.start_date, w.end_date),
      legal_basis: '',
      print_reason: false,
      non_compete: '',
      company_name: w.company_name,
      issue_date: w.end_date,
      serial: `SC${String(workId).padStart(8, '0')}`,
    });
  return { svg: proofSvg(doc, own ? 'in' : 'other') };
}
