import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParam } from '../../contract/common';
import type { Db } from '../db/types';
import { decryptPii } from '../lib/pii';
import { envelope } from '../http/envelope';
import { badRequest, conflict, notFound } from '../lib/refusal';
import { toApiError } from '../http/errors';
import { parseInput } from '../http/validate';

/** The platform's verdict on a company (sandbox for the back office). */
export const ReviewBody = z.strictObject({
  result: z.enum(['pass', 'reject'], '审核结果只能是 pass（通过）或 reject（驳回）'),
  reason: z.string().trim().max(200).optional().default(''),
});

export interface CompanyListRow {
  id: number;
  name: string;
  short_name: string;
  creditcode: string;
  status: string;
  reject_reason: string;
  submitted_at: Date | null;
  reviewed_at: Date | null;
  applicant_mobile: string | null;
  applicant_name: string | null;
}

/** The companies to review; the platform's reviewer sees the applicant's whole mobile (to call them). */
export async function listCompanies(db: Db, status?: string): Promise<CompanyListRow[]> {
  const rows = await db.query<Omit<CompanyListRow, 'applicant_mobile'> & { applicant_mobile_enc: string | null }>(
    `SELECT c.id, c.name, c.short_name, c.creditcode, c.status, c.reject_reason, c.submitted_at, c.reviewed_at,
            u.mobile_enc AS applicant_mobile_enc, u.realname AS applicant_name
       FROM companies c LEFT JOIN users u ON u.id = c.submitted_by
      WHERE ($1::text IS NULL OR c.status = $1)
      ORDER BY c.submitted_at DESC NULLS LAST, c.id DESC LIMIT 200`,
    [status ?? null],
  );
  return rows.map(({ applicant_mobile_enc: enc, ...r }) => ({ ...r, applicant_mobile: enc ? decryptPii(enc) : null }));
}

/**
 * Pass: the company becomes `normal`, its applicant a full member, and it receives the
 * registration CRC gift (crc_configure.company_reg). Reject: `reject` with the reason.
 * Only a company under review (`apply`) can be reviewed.
 */
export async function reviewCompany(db: Db, id: number, result: 'pass' | 'reject', reason: string, now: Date) {
  if (result === 'reject' && !reason) throw badRequest('驳回时请填写驳回原因');
  return db.tx(async (t) => {
    const c = await t.one<{ id: number; status: string; submitted_by: number | null }>(
      'SELECT id, status, submitted_by FROM companies WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!c) throw notFound('企业不存在');
    if (c.status !== 'apply') throw conflict('该企业当前不在审核中');
    if (result === 'reject') {
      await t.query(`UPDATE companies SET status = 'reject', reject_reason = $2, reviewed_at = $3 WHERE id = $1`, [id, reason, now]);
      return { id, status: 'reject' as const };
    }
    await t.query(`UPDATE companies SET status = 'normal', reject_reason = '', reviewed_at = $2 WHERE id = $1`, [id, now]);
    if (c.submitted_by !== null) {
      await t.query(`UPDATE users SET member_status = 'normal', role = 'admin', joined_at = $3 WHERE id = $1 AND company_id = $2`, [c.submitted_by, id, now]);
    }
    const gift = await t.one<{ value: number }>(`SELECT value FROM crc_configure WHERE key = 'company_reg'`);
    if (gift && gift.value > 0) {
      const row = await t.one<{ crc_balance: number }>('UPDATE companies SET crc_balance = crc_balance + $2 WHERE id = $1 RETURNING crc_balance', [
        id,
        gift.value,
      ]);
      await t.query(`INSERT INTO crc_ledger (company_id, delta, balance_after, reason, created_at) VALUES ($1, $2, $3, $4, $5)`, [
        id,
        gift.value,
        row!.crc_balance,
        '企业认证通过赠送',
        now,
      ]);
    }
    return { id, status: 'normal' as const };
  });
}

export function reviewSandbox(app: FastifyInstance) {
  app.get('/sandbox/companies', async (req) => {
    const { status } = req.query as { status?: unknown };
    const rows = await listCompanies(app.db, typeof status === 'string' && status ? status : undefined);
    return {
      list: rows.map((r) => ({
        ...r,
        submitted_at: r.submitted_at?.toISOString() ?? null,
        reviewed_at: r.reviewed_at?.toISOString() ?? null,
      })),
    };
  });

  app.post('/sandbox/companies/:id/review', async (req, reply) => {
    // the operator page posts a plain HTML form: send the browser back to the page
    const fromPage = (req.headers.accept ?? '').includes('text/html');
    try {
      const { id } = parseInput(IdParam, req.params);
      const body = parseInput(ReviewBody, req.body);
      const data = await reviewCompany(app.db, id, body.result, body.reason, app.now());
      if (fromPage) return reply.redirect(`/sandbox/?done=${encodeURIComponent(`企业 ${id} 已${body.result === 'pass' ? '通过' : '驳回'}`)}`, 303);
      return envelope(200, body.result === 'pass' ? '审核通过' : '已驳回', data);
    } catch (err) {
      const api = toApiError(err);
      if (fromPage && api.httpStatus < 500) return reply.redirect(`/sandbox/?error=${encodeURIComponent(api.message)}`, 303);
      throw err;
    }
  });
}
