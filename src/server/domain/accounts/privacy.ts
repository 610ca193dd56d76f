/**
 * Personal information (issue 9 items 6 and 11; docs/pii.md): 查看联系方式 of a candidate and the
 * company's audit trail of full views.
 */
import type { Db } from '../../db/types';
import { pageSql } from '../../lib/page';
import { revealPii } from '../../lib/pii';
import { conflict, notFound } from '../../lib/refusal';
import { dt } from './dates';

/** The audit trail's page size (the console does not choose it). */
export const PII_VIEWS_PAGE_SIZE = 20;

/** 王** for a name; what the trail shows of the person looked at. */
const maskedName = (name: string) => (name ? `${name.slice(0, 1)}${'*'.repeat(Math.max(1, Math.min(2, name.length - 1)))}` : '');

/** What an old row (before 038, its record since gone) pointed at: the record column's fallback. */
const SUBJECTS: Record<string, string> = {
  candidate: '人才简历',
  company_contact: '企业认证资料',
  departure_record: '离职记录',
  departure_proof: '离职证明',
  resignation_request: '离职申请',
  flex_worker: '灵活用工人员',
  import_batch: '导入批次',
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
    const c = await t.one<{ id: number; realname: string; mobile_enc: string; mobile_mask: string }>(
      'SELECT id, realname, mobile_enc, mobile_mask FROM candidates WHERE id = $1',
      [o.candidateId],
    );
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
    // a recruiter opening a candidate's contact: the purpose is the action itself (to contact them
    // about a position), so no reason is asked; the row names the candidate
    const mobile = await revealPii(
      t,
      c.mobile_enc,
      { userId: o.userId, companyId: o.companyId, field: 'mobile', reason: '查看联系方式', ip: o.ip },
      { type: 'candidate', id: c.id, name: c.realname, mask: c.mobile_mask, label: '人才简历' },
    );
    return { mobile, charged: fresh ? cost : 0, crc_balance: balance };
  });
}

/**
 * One page of the company's audit trail of full views (who, whose, which record, when, why), newest
 * first. Rows from before migration 038 that it could not name fall back to 候选人 王** / #id.
 */
export async function piiViewList(db: Db, companyId: number, page: number) {
  const p = { page, page_size: PII_VIEWS_PAGE_SIZE };
  const total = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM pii_views WHERE company_id = $1', [companyId]))!.n;
  const args: unknown[] = [companyId];
  const rows = await db.query<{
    id: number;
    realname: string;
    mobile_mask: string;
    subject_type: string;
    subject_id: number;
    subject_name: string;
    subject_mask: string;
    record_label: string;
    field: 'mobile' | 'id_card' | 'bank_card';
    reason: string;
    viewed_at: Date;
  }>(
    `SELECT v.id::int AS id, u.realname, u.mobile_mask, v.subject_type, v.subject_id, v.subject_name, v.subject_mask, v.record_label,
            v.field, v.reason, v.viewed_at
       FROM pii_views v JOIN users u ON u.id = v.user_id
      WHERE v.company_id = $1 ORDER BY v.viewed_at DESC, v.id DESC${pageSql(args, p)}`,
    args,
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      viewer: r.realname || r.mobile_mask,
      subject_name: r.subject_name,
      subject_mask: r.subject_mask,
      record: r.record_label || `${SUBJECTS[r.subject_type] ?? r.subject_type} #${r.subject_id}`,
      subject_type: r.subject_type,
      field: r.field,
      reason: r.reason,
      viewed_at: dt(r.viewed_at)!,
    })),
    total,
    ...p,
  };
}
