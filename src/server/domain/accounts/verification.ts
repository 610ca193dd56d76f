/**
 * Company verification (issue 5): the application the console shows (/create, /auth, /inReview),
 * creating the company with its application, and resubmitting after a rejection. The applicant
 * becomes the company's administrator when the platform approves it. The licence image:
 * licence.ts.
 */
import type { z } from 'zod';
import type { CompanyApplication, CompanyApplyBody } from '../../../contract/account';
import { normalizeDigits } from '../../../contract/person';
import type { Db } from '../../db/types';
import { revealPii, sealPii } from '../../lib/pii';
import { conflict, notFound } from '../../lib/refusal';
import { loadCompany, type AuthInfo } from '../users';
import { dt } from './dates';

export type CompanyApplyForm = z.output<typeof CompanyApplyBody>;

interface ApplicationRow {
  id: number;
  name: string;
  creditcode: string;
  industry: string;
  staff_num_range: string;
  address: string;
  represent: string;
  license_id: number | null;
  contact_name: string;
  contact_mobile_enc: string | null;
  contact_mobile_mask: string;
  registered: string;
  busniss_expire: string;
  business_scope: string;
  website_link: string;
  status: 'apply' | 'normal' | 'reject';
  reject_reason: string;
  submitted_at: Date | null;
  reviewed_at: Date | null;
  submitted_by: number | null;
}

/** The caller's company application as the caller may see it; `ip` goes into a full view's audit row. */
export async function companyApplication(db: Db, auth: AuthInfo, ip = ''): Promise<CompanyApplication | null> {
  if (!auth.company) return null;
  const r = await db.one<ApplicationRow>(
    `SELECT id, name, creditcode, industry, staff_num_range, address, represent, license_id, contact_name,
            contact_mobile_enc, contact_mobile_mask, registered, busniss_expire, business_scope, website_link, status, reject_reason,
            submitted_at, reviewed_at, submitted_by
       FROM companies WHERE id = $1`,
    [auth.company.id],
  );
  if (!r) return null;
  const applicant = r.submitted_by === auth.user.id;
  // a colleague waiting for the admin's check sees the company's name and state, not its file
  const full = applicant || auth.user.member_status === 'normal';
  // the contact's mobile is sealed (docs/pii.md): masked, except for the applicant fixing a
  // rejected application (the form is filled with it again), which is an audited full view
  const contactMobile = !full
    ? ''
    : applicant && r.status === 'reject' && r.contact_mobile_enc
      ? await revealPii(
          db,
          r.contact_mobile_enc,
          { userId: auth.user.id, companyId: r.id, field: 'mobile', reason: '重新提交企业认证资料', ip },
          { type: 'company_contact', id: r.id, name: r.contact_name, mask: r.contact_mobile_mask, label: '企业认证资料' },
        )
      : r.contact_mobile_mask;
  return {
    id: r.id,
    company_name: r.name,
    creditcode: full ? r.creditcode : '',
    industry: r.industry,
    staff_num_range: r.staff_num_range,
    address: full ? r.address : '',
    represent: full ? r.represent : '',
    license_id: full ? r.license_id : null,
    contact_name: full ? r.contact_name : '',
    contact_mobile: contactMobile,
    registered: r.registered,
    busniss_expire: r.busniss_expire,
    business_scope: r.business_scope,
    website_link: r.website_link,
    status: r.status,
    reject_reason: full ? r.reject_reason : '',
    submitted_at: dt(r.submitted_at),
    reviewed_at: dt(r.reviewed_at),
    is_applicant: applicant,
    member_pending: auth.user.member_status === 'pending' && !applicant,
  };
}

/**
 * Creates the company and applies for verification, or resubmits the caller's rejected
 * application; answers the application as it now stands.
 */
export async function applyForCompany(db: Db, auth: AuthInfo, body: CompanyApplyForm, now: Date): Promise<CompanyApplication | null> {
  await db.tx(async (t) => {
    await t.query("SELECT pg_advisory_xact_lock(hashtext('company-apply'))");
    const file = await t.one<{ user_id: number }>('SELECT user_id FROM company_files WHERE id = $1', [body.license_id]);
    if (!file || file.user_id !== auth.user.id) throw notFound('营业执照照片无效，请重新上传');
    // the caller's company as it is now (the row locked), not as it was when the request came in:
    // of concurrent applications only the first creates a company
    const me = await t.one<{ company_id: number | null; member_status: string }>('SELECT company_id, member_status FROM users WHERE id = $1 FOR UPDATE', [
      auth.user.id,
    ]);
    const c = await loadCompany(t, me?.company_id ?? null);
    const resubmit = c !== null && c.status === 'reject' && c.submitted_by === auth.user.id;
    if (c && !resubmit) {
      if (c.status === 'apply' && c.submitted_by === auth.user.id) throw conflict('企业信息审核中，请勿重复提交');
      if (me?.member_status === 'pending') throw conflict('您已申请加入其他企业，请等待企业管理员审核');
      throw conflict('您已加入企业，无需重复创建');
    }
    const sameCode = await t.one<{ id: number }>('SELECT id FROM companies WHERE creditcode = $1', [body.creditcode]);
    if (sameCode && sameCode.id !== c?.id) {
      throw conflict('该统一社会信用代码已有企业认证，如需加入请联系企业管理员获取邀请链接');
    }
    const sameName = await t.one<{ id: number }>('SELECT id FROM companies WHERE name = $1', [body.company_name]);
    if (sameName && sameName.id !== c?.id) throw conflict('企业名称已被占用');
    // the contact's mobile sealed (docs/pii.md)
    const contact = sealPii('mobile', normalizeDigits(body.contact_mobile));
    const values = [
      body.company_name,
      body.creditcode,
      body.industry,
      body.staff_num_range,
      body.address,
      body.represent,
      body.license_id,
      body.contact_name,
      contact.enc,
      now,
      contact.mask,
    ];
    if (resubmit) {
      await t.query(
        `UPDATE companies SET name = $1, creditcode = $2, industry = $3, staff_num_range = $4, address = $5,
           represent = $6, license_id = $7, contact_name = $8, contact_mobile_enc = $9, submitted_at = $10,
           contact_mobile_mask = $11, status = 'apply', reject_reason = '', reviewed_at = NULL
         WHERE id = $12`,
        [...values, c!.id],
      );
    } else {
      const row = await t.one<{ id: number }>(
        `INSERT INTO companies (name, creditcode, industry, staff_num_range, address, represent, license_id,
           contact_name, contact_mobile_enc, submitted_at, contact_mobile_mask, created_at, status, reg_status, submitted_by)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$10,'apply','存续',$12) RETURNING id`,
        [...values, auth.user.id],
      );
      await t.query(
        `UPDATE users SET company_id = $2, role = 'admin', member_status = 'pending',
           realname = CASE WHEN realname = '' THEN $3 ELSE realname END,
           job_name = CASE WHEN job_name = '' THEN '企业管理员' ELSE job_name END
         WHERE id = $1`,
        [auth.user.id, row!.id, body.contact_name],
      );
    }
  });
  const fresh = await db.one<{ company_id: number }>('SELECT company_id FROM users WHERE id = $1', [auth.user.id]);
  const company = await loadCompany(db, fresh!.company_id);
  return companyApplication(db, { ...auth, user: { ...auth.user, company_id: fresh!.company_id, member_status: 'pending' }, company });
}
