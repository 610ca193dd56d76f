/**
 * Personal information (issue 9 items 6 and 11; docs/pii.md): 查看联系方式 of a candidate and the
 * company's audit trail of full views.
 */
import { maskMobile } from '../../../contract/person';
import type { Db } from '../../db/types';
import { pageSql } from '../../lib/page';
import { revealPii } from '../../lib/pii';
import { conflict, notFound } from '../../lib/refusal';
import { dt } from './dates';

/** The audit trail's page size (the console does not choose it). */
export const PII_VIEWS_PAGE_SIZE = 20;

/** 王** for a name; what the trail shows of the person looked at. */
const maskedName = (name: string) => (name ? `${name.slice(0, 1)}${'*'.repeat(Math.max(1, Math.min(2, name.length - 1)))}` : '');

const SUBJECTS: Record<string, string> = {
  candidate: '候选人',
  company_contact: '企业联系人',
  departure_record: '离职人员',
  flex_worker: '灵活用工人员',
};

/**
 * 查看联系方式: the candidate's full mobile for a member company (the route checked membership).
 * The first opening by the company costs check_info CRC (shown to the user before, domain.md
 * §0.4), charged once per candidate with a ledger line; every opening is an audited full view
 * (pii_views). A refusal rolls the whole opening back.
 */
export async function revealContact(
  db: Db,
  o: { companyId: number; userId: number; candidateId: number; ip: string },
  now: Date,
): Promise<{ mobile: string; charged: number; crc_balance: number }> {
  return db.tx(async (t) => {
    const c = await t.one<{ id: number; realname: string; mobile_enc: string }>('SELECT id, realname, mobile_enc FROM candidates WHERE id = $1', [
      o.candidateId,
    ]);
    if (!c) throw notFound('该人才不存在或已下线');
    const cost = (await t.one<{ value: number }>("SELECT value FROM crc_configure WHERE key = 'check_info'"))?.value ?? 0;
    // the unlock row first: a second opening (or a concurrent one) finds it and is not charged
    const fresh = await t.one(
      `INSERT INTO contact_unlocks (company_id, candidate_id, user_id, crc_spent, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (company_id, candidate_id) DO NOTHING RETURNING 1`,
      [o.companyId, c.id, o.userId, cost, now],
    );
    const balanceNow = async () => (await t.one<{ crc_balance: number }>('SELECT crc_balance FROM companies WHERE id = $1', [o.companyId]))!.crc_balance;
    let balance: number;
    if (fresh && cost > 0) {
      const paid = await t.one<{ crc_balance: number }>(
        'UPDATE companies SET crc_balance = crc_balance - $2 WHERE id = $1 AND crc_balance >= $2 RETURNING crc_balance',
        [o.companyId, cost],
      );
      if (!paid) throw conflict(`CRC积分不足：查看联系方式需要 ${cost} 积分，当前余额 ${await balanceNow()} 积分，请开通或续费会员获取积分`);
      balance = paid.crc_balance;
      await t.query(`INSERT INTO crc_ledger (company_id, delta, balance_after, reason, ref, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
        o.companyId,
        -cost,
        balance,
        `查看人才联系方式（${maskedName(c.realname)}）`,
        `candidate:${c.id}`,
        now,
      ]);
    } else {
      balance = await balanceNow();
    }
    const mobile = await revealPii(t, c.mobile_enc, {
      userId: o.userId,
      companyId: o.companyId,
      subjectType: 'candidate',
      subjectId: c.id,
      field: 'mobile',
      reason: '查看联系方式',
      ip: o.ip,
    });
    return { mobile, charged: fresh ? cost : 0, crc_balance: balance };
  });
}

/** One page of the company's audit trail of full views (who, whom, when, why), newest first. */
export async function piiViewList(db: Db, companyId: number, page: number) {
  const p = { page, page_size: PII_VIEWS_PAGE_SIZE };
  const total = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM pii_views WHERE company_id = $1', [companyId]))!.n;
  const args: unknown[] = [companyId];
  const rows = await db.query<{
    id: number;
    realname: string;
    mobile: string;
    subject_type: string;
    subject_id: number;
    field: 'mobile' | 'id_card' | 'bank_card';
    reason: string;
    viewed_at: Date;
    candidate_name: string | null;
    company_contact: string | null;
  }>(
    `SELECT v.id::int AS id, u.realname, u.mobile, v.subject_type, v.subject_id, v.field, v.reason, v.viewed_at,
            c.realname AS candidate_name, co.contact_name AS company_contact
       FROM pii_views v JOIN users u ON u.id = v.user_id
       LEFT JOIN candidates c ON v.subject_type = 'candidate' AND c.id = v.subject_id
       LEFT JOIN companies co ON v.subject_type = 'company_contact' AND co.id = v.subject_id
      WHERE v.company_id = $1 ORDER BY v.viewed_at DESC, v.id DESC${pageSql(args, p)}`,
    args,
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      viewer: r.realname || maskMobile(r.mobile),
      subject: `${SUBJECTS[r.subject_type] ?? r.subject_type} ${maskedName(r.candidate_name ?? r.company_contact ?? '') || `#${r.subject_id}`}`,
      subject_type: r.subject_type,
      field: r.field,
      reason: r.reason,
      viewed_at: dt(r.viewed_at)!,
    })),
    total,
    ...p,
  };
}
