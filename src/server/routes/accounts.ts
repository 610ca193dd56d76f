/**
 * Accounts and the company lifecycle (issue 5): the company application (create, resubmit after
 * a rejection) with its licence image, colleagues and their checks, colleague and friend
 * invitations, personal info, CRC ledger, strategic partners.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { LICENSE_MAX_BYTES, type Colleague, type CompanyApplication } from '../../contract/account';
import type { Db } from '../db/types';
import { dt } from '../domain/accounts';
import { activeCompany, adminCompany } from '../domain/access';
import { forbidden } from '../lib/refusal';
import { maskMobile } from '../../contract/person';
import { isActiveMember, loadCompany } from '../domain/users';
import type { AuthInfo } from '../http/auth';
import { badRequest, conflict, notFound } from '../lib/refusal';
import { addRoute } from '../http/route';
import { readObject } from '../domain/media/object';
import { randomAlnum } from '../lib/crypto';
import { revealPii, sealPii } from '../lib/pii';
import { normalizeDigits } from '../../contract/person';

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

async function application(db: Db, auth: AuthInfo, ip = ''): Promise<CompanyApplication | null> {
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
      ? await revealPii(db, r.contact_mobile_enc, {
          userId: auth.user.id,
          companyId: r.id,
          subjectType: 'company_contact',
          subjectId: r.id,
          field: 'mobile',
          reason: '重新提交企业认证资料',
          ip,
        })
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

const IMAGE_RE = /^data:(image\/(?:png|jpeg|jpg));base64,([A-Za-z0-9+/]+={0,2})$/;

/** The image's real type from its first bytes (the data URL's label is not trusted). */
function sniff(buf: Buffer): 'image/png' | 'image/jpeg' | null {
  if (buf.length > 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  return null;
}

function colleagueOf(
  r: { id: number; realname: string; mobile: string; dept_name: string; job_name: string; role: 'admin' | 'member'; member_status: 'pending' | 'normal'; joined_at: Date | null },
  me: AuthInfo,
): Colleague {
  const admin = me.user.role === 'admin';
  return {
    id: r.id,
    realname: r.realname,
    mobile: admin || r.id === me.user.id ? r.mobile : maskMobile(r.mobile),
    dept_name: r.dept_name,
    job_name: r.job_name,
    role: r.role,
    status: r.member_status,
    joined_at: r.member_status === 'normal' ? dt(r.joined_at) : null,
    applied_at: r.member_status === 'pending' ? dt(r.joined_at) : null,
    is_me: r.id === me.user.id,
  };
}

export function accountRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.companyApplication, async ({ auth, db, req }) => ({ company: await application(db, auth, req.ip) }));

  /** The business licence image (a plain upload until the upload engine takes over). */
  addRoute(app, endpoints.licenseUpload, async ({ auth, body, db, now }) => {
    const m = IMAGE_RE.exec(body.image.replace(/\s/g, ''));
    if (!m) throw badRequest('营业执照照片仅支持 JPG、PNG 格式');
    const buf = Buffer.from(m[2]!, 'base64');
    if (buf.length === 0) throw badRequest('文件为空，无法上传');
    if (buf.length > LICENSE_MAX_BYTES) throw badRequest('营业执照照片不能超过 5MB');
    const mime = sniff(buf);
    if (!mime) throw badRequest('营业执照照片仅支持 JPG、PNG 格式');
    const row = await db.one<{ id: number }>(
      `INSERT INTO company_files (user_id, kind, mime, size, data, created_at) VALUES ($1, 'license', $2, $3, $4, $5) RETURNING id`,
      [auth.user.id, mime, buf.length, buf, now],
    );
    return { license_id: row!.id, size: buf.length };
  });

  /**
   * The licence through the upload engine: an ImageId of the caller (or of their company) whose
   * object is complete becomes a licence file of the caller — a copy of the object's bytes, so the
   * application keeps its licence whatever happens to the media library. The same checks as the
   * plain upload (JPG/PNG by content, ≤ 5 MB).
   */
  addRoute(app, endpoints.licenseFromMedia, async ({ auth, body, db, now, req }) => {
    const companyId = isActiveMember(auth.user, auth.company) ? auth.company.id : null;
    const m = await db.one<{ kind: string; status: string; user_id: number; company_id: number | null; bucket: string; object_key: string }>(
      'SELECT kind, status, user_id, company_id, bucket, object_key FROM media WHERE media_id = $1',
      [body.media_id],
    );
    const mine = m && (m.user_id === auth.user.id || (companyId !== null && m.company_id === companyId));
    if (!m || !mine) throw notFound('营业执照照片无效，请重新上传');
    if (m.kind !== 'image') throw badRequest('营业执照照片仅支持 JPG、PNG 格式');
    // the object's bytes: the demo's store on this machine, or the real bucket (domain/media/object.ts)
    const o = m.status === 'Normal' ? await readObject(req.server, db, m.bucket, m.object_key, LICENSE_MAX_BYTES + 1) : null;
    if (!o) throw badRequest('营业执照照片尚未上传完成，请稍后再试');
    if (o.size === 0) throw badRequest('文件为空，无法上传');
    if (o.size > LICENSE_MAX_BYTES) throw badRequest('营业执照照片不能超过 5MB');
    const buf = o.head;
    const mime = sniff(buf);
    if (!mime) throw badRequest('营业执照照片仅支持 JPG、PNG 格式');
    const row = await db.one<{ id: number }>(
      `INSERT INTO company_files (user_id, kind, mime, size, data, created_at) VALUES ($1, 'license', $2, $3, $4, $5) RETURNING id`,
      [auth.user.id, mime, buf.length, buf, now],
    );
    return { license_id: row!.id, size: buf.length };
  });

  /** A licence image, as a data URL: its uploader's, or the one on file for the caller's company. */
  addRoute(app, endpoints.licenseImage, async ({ auth, params, db }) => {
    const f = await db.one<{ user_id: number; mime: string; data: Uint8Array }>(
      'SELECT user_id, mime, data FROM company_files WHERE id = $1',
      [params.id],
    );
    // the company's licence on file: for its admitted members only (not a joiner the admin has
    // not checked yet); anything else answers like a missing file
    const onFile = isActiveMember(auth.user, auth.company)
      ? await db.one('SELECT 1 FROM companies WHERE id = $1 AND license_id = $2', [auth.company.id, params.id])
      : undefined;
    if (!f || (f.user_id !== auth.user.id && !onFile)) throw notFound('营业执照照片不存在');
    return { image: `data:${f.mime};base64,${Buffer.from(f.data).toString('base64')}` };
  });

  /**
   * Create the company and apply for verification, or resubmit a rejected application. The
   * applicant becomes the company's administrator when the platform approves it.
   */
  addRoute(app, endpoints.companyApply, async ({ auth, body, db, now, setMsg }) => {
    await db.tx(async (t) => {
      await t.query("SELECT pg_advisory_xact_lock(hashtext('company-apply'))");
      const file = await t.one<{ user_id: number }>('SELECT user_id FROM company_files WHERE id = $1', [body.license_id]);
      if (!file || file.user_id !== auth.user.id) throw notFound('营业执照照片无效，请重新上传');
      // the caller's company as it is now (the row locked), not as it was when the request came in:
      // of concurrent applications only the first creates a company
      const me = await t.one<{ company_id: number | null; member_status: string }>(
        'SELECT company_id, member_status FROM users WHERE id = $1 FOR UPDATE',
        [auth.user.id],
      );
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
        body.company_name, body.creditcode, body.industry, body.staff_num_range, body.address, body.represent,
        body.license_id, body.contact_name, contact.enc, now, contact.mask,
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
    setMsg('提交成功，请等待平台审核');
    const fresh = await db.one<{ company_id: number }>('SELECT company_id FROM users WHERE id = $1', [auth.user.id]);
    const company = await db.one<AuthInfo['company']>(
      'SELECT id, name, short_name, status, reject_reason, is_pay_taxe, company_lv, member_expire, crc_balance, submitted_by FROM companies WHERE id = $1',
      [fresh!.company_id],
    );
    return { company: await application(db, { ...auth, user: { ...auth.user, company_id: fresh!.company_id, member_status: 'pending' }, company: company ?? null }) };
  });

  addRoute(app, endpoints.colleagues, async ({ auth, db }) => {
    const c = activeCompany(auth);
    const rows = await db.query<Parameters<typeof colleagueOf>[0]>(
      `SELECT id, realname, mobile, dept_name, job_name, role, member_status, joined_at FROM users
        WHERE company_id = $1 ORDER BY role = 'admin' DESC, joined_at NULLS LAST, id`,
      [c.id],
    );
    const all = rows.map((r) => colleagueOf(r, auth));
    return {
      list: all.filter((x) => x.status === 'normal'),
      // only administrators see (and check) who waits to join
      pending: auth.user.role === 'admin' ? all.filter((x) => x.status === 'pending' && x.role === 'member') : [],
    };
  });

  addRoute(app, endpoints.colleagueCheck, async ({ auth, params, body, db, now, setMsg }) => {
    const c = adminCompany(auth, '审核同事');
    await db.tx(async (t) => {
      const u = await t.one<{ company_id: number | null; member_status: string; role: string }>(
        'SELECT company_id, member_status, role FROM users WHERE id = $1 FOR UPDATE',
        [params.id],
      );
      // someone of another company answers like a missing one
      if (!u || u.company_id !== c.id) throw notFound('同事不存在');
      if (u.member_status !== 'pending' || u.role !== 'member') throw conflict('该同事已审核，请刷新后查看');
      if (body.result === 'pass') {
        await t.query(`UPDATE users SET member_status = 'normal', joined_at = $2 WHERE id = $1`, [params.id, now]);
      } else {
        await t.query(
          `UPDATE users SET company_id = NULL, member_status = 'normal', role = 'member', dept_name = '', job_name = '', joined_at = NULL WHERE id = $1`,
          [params.id],
        );
      }
    });
    setMsg(body.result === 'pass' ? '已通过，该同事已加入企业' : '已拒绝该同事的加入申请');
    return null;
  });

  /**
   * The admin removes a colleague (a member, normal or pending) from the company: the user keeps
   * the account but leaves the company, and every session of theirs is revoked at once (their
   * next call answers 410000). Another company's user answers the same 404 as a missing one.
   */
  addRoute(app, endpoints.colleagueRemove, async ({ auth, params, db, now, setMsg }) => {
    const c = adminCompany(auth, '移除同事');
    if (params.id === auth.user.id) throw badRequest('不能移除自己');
    await db.tx(async (t) => {
      const u = await t.one<{ company_id: number | null; role: string }>('SELECT company_id, role FROM users WHERE id = $1 FOR UPDATE', [
        params.id,
      ]);
      if (!u || u.company_id !== c.id) throw notFound('同事不存在');
      if (u.role === 'admin') throw forbidden('不能移除企业管理员');
      await t.query(
        `UPDATE users SET company_id = NULL, member_status = 'normal', role = 'member', dept_name = '', job_name = '', joined_at = NULL
          WHERE id = $1`,
        [params.id],
      );
      await t.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [params.id, now]);
    });
    setMsg('已移除该同事');
    return null;
  });

  /** The colleague invitation link's code (made on first use). */
  addRoute(app, endpoints.companyInvite, async ({ auth, db }) => {
    const c = activeCompany(auth);
    let row = await db.one<{ invite_code: string | null }>('SELECT invite_code FROM companies WHERE id = $1', [c.id]);
    if (!row?.invite_code) {
      row = await db.one<{ invite_code: string }>(
        'UPDATE companies SET invite_code = COALESCE(invite_code, $2) WHERE id = $1 RETURNING invite_code',
        [c.id, randomAlnum(10)],
      );
    }
    return { code: row!.invite_code!, company_name: c.name };
  });

  addRoute(app, endpoints.companyInvitePreview, async ({ params, db }) => {
    const c = await db.one<{ name: string; status: string }>('SELECT name, status FROM companies WHERE invite_code = $1', [params.code]);
    if (!c || c.status !== 'normal') throw notFound('邀请链接无效或已失效');
    return { company_name: c.name, inviter: '' };
  });

  addRoute(app, endpoints.companyJoin, async ({ auth, body, db, now, setMsg }) => {
    await db.tx(async (t) => {
      const c = await t.one<{ id: number; status: string }>('SELECT id, status FROM companies WHERE invite_code = $1', [body.code]);
      if (!c || c.status !== 'normal') throw notFound('邀请链接无效或已失效');
      const me = await t.one<{ company_id: number | null; member_status: string }>(
        'SELECT company_id, member_status FROM users WHERE id = $1 FOR UPDATE',
        [auth.user.id],
      );
      if (me!.company_id === c.id) {
        throw conflict(me!.member_status === 'pending' ? '您已提交加入申请，请等待企业管理员审核' : '您已是该企业的成员');
      }
      if (me!.company_id !== null) throw conflict('您已加入其他企业，不能重复加入');
      await t.query(
        `UPDATE users SET company_id = $2, role = 'member', member_status = 'pending', realname = $3, dept_name = $4,
           job_name = $5, joined_at = $6 WHERE id = $1`,
        [auth.user.id, c.id, body.realname, body.dept_name, body.job_name, now],
      );
    });
    setMsg('申请已提交，请等待企业管理员审核');
    return null;
  });

  addRoute(app, endpoints.profile, async ({ auth, body, db, setMsg }) => {
    await db.query('UPDATE users SET realname = $2, dept_name = $3, job_name = $4 WHERE id = $1', [
      auth.user.id,
      body.realname,
      body.dept_name,
      body.job_name,
    ]);
    setMsg('保存成功');
    return null;
  });

  addRoute(app, endpoints.myInvite, async ({ auth, db }) => {
    let code = (await db.one<{ invite_code: string | null }>('SELECT invite_code FROM users WHERE id = $1', [auth.user.id]))
      ?.invite_code;
    if (!code) {
      const row = await db.one<{ invite_code: string }>(
        'UPDATE users SET invite_code = COALESCE(invite_code, $2) WHERE id = $1 RETURNING invite_code',
        [auth.user.id, randomAlnum(8)],
      );
      code = row!.invite_code;
    }
    const rows = await db.query<{ realname: string; mobile: string; invited_at: Date; company_id: number | null; status: string | null; member_status: string }>(
      `SELECT u.realname, u.mobile, u.invited_at, u.company_id, c.status, u.member_status
         FROM users u LEFT JOIN companies c ON c.id = u.company_id
        WHERE u.invited_by = $1 ORDER BY u.invited_at DESC LIMIT 200`,
      [auth.user.id],
    );
    return {
      code,
      list: rows.map((r) => ({
        realname: r.realname,
        mobile: maskMobile(r.mobile),
        invited_at: dt(r.invited_at)!,
        company_status: r.company_id === null ? 'no_apply' : r.status === 'normal' && r.member_status === 'normal' ? 'normal' : 'apply',
      })),
    };
  });

  addRoute(app, endpoints.inviterOf, async ({ params, db }) => {
    const u = await db.one<{ realname: string; mobile: string }>('SELECT realname, mobile FROM users WHERE invite_code = $1', [params.code]);
    if (!u) throw notFound('邀请链接无效或已失效');
    return { inviter: u.realname ? `${u.realname.slice(0, 1)}**` : maskMobile(u.mobile) };
  });

  /** A new account (registered within 7 days) records who invited it, once. */
  addRoute(app, endpoints.inviteAccept, async ({ auth, body, db, now, setMsg }) => {
    await db.tx(async (t) => {
      const inviter = await t.one<{ id: number }>('SELECT id FROM users WHERE invite_code = $1', [body.code]);
      if (!inviter) throw notFound('邀请链接无效或已失效');
      if (inviter.id === auth.user.id) throw conflict('不能接受自己的邀请');
      const me = await t.one<{ invited_by: number | null; created_at: Date }>(
        'SELECT invited_by, created_at FROM users WHERE id = $1 FOR UPDATE',
        [auth.user.id],
      );
      if (me!.invited_by !== null) throw conflict('您已接受过好友邀请');
      if (now.getTime() - me!.created_at.getTime() > 7 * 86_400_000) throw conflict('仅新注册的用户可以接受邀请');
      await t.query('UPDATE users SET invited_by = $2, invited_at = $3 WHERE id = $1', [auth.user.id, inviter.id, now]);
    });
    setMsg('已接受邀请');
    return null;
  });

  addRoute(app, endpoints.crcLedger, async ({ auth, query, db }) => {
    const c = activeCompany(auth);
    const [rows, total] = await Promise.all([
      db.query<{ id: number; delta: number; balance_after: number; reason: string; ref: string; created_at: Date }>(
        `SELECT id, delta, balance_after, reason, ref, created_at FROM crc_ledger WHERE company_id = $1
          ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [c.id, query.page_size, (query.page - 1) * query.page_size],
      ),
      db.one<{ n: number }>('SELECT count(*)::int AS n FROM crc_ledger WHERE company_id = $1', [c.id]),
    ]);
    return {
      balance: c.crc_balance,
      total: total?.n ?? 0,
      list: rows.map((r) => ({ ...r, created_at: dt(r.created_at)! })),
    };
  });

  addRoute(app, endpoints.partners, async ({ db }) => ({
    list: await db.query<{ id: number; name: string; category: string; intro: string; website: string; since: string }>(
      'SELECT id, name, category, intro, website, since FROM strategic_partners ORDER BY sort, id',
    ),
  }));
}
