/** The company's interview scorecard (issue 32 item 1): the criteria 面试反馈 rates 1–5; defaults until the company sets its own. */
import { DEFAULT_CRITERIA } from '../../../contract/interviews';
import type { Db } from '../../db/types';

export async function interviewCriteria(db: Db, companyId: number): Promise<string[]> {
  const r = await db.one<{ criteria: string[] }>('SELECT criteria FROM interview_settings WHERE company_id = $1', [companyId]);
  return r?.criteria.length ? r.criteria : [...DEFAULT_CRITERIA];
}

export async function criteriaData(db: Db, companyId: number) {
  const r = await db.one<{ criteria: string[] }>('SELECT criteria FROM interview_settings WHERE company_id = $1', [companyId]);
  return { criteria: r?.criteria.length ? r.criteria : [...DEFAULT_CRITERIA], custom: Boolean(r?.criteria.length) };
}

/** Saves the criteria; an empty list restores the defaults. Feedback already given keeps the names it was rated on. */
export async function saveCriteria(db: Db, a: { companyId: number; userId: number }, criteria: string[], now: Date) {
  await db.query(
    `INSERT INTO interview_settings (company_id, criteria, updated_by, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (company_id) DO UPDATE SET criteria = EXCLUDED.criteria, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
    [a.companyId, JSON.stringify(criteria), a.userId, now],
  );
  return criteriaData(db, a.companyId);
}
