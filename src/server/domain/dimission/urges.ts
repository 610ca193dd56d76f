/** 催办 (urging): once a day per request or proof, the unique key of dimission_urges deciding. */
import type { Db } from '../../db/types';
import { pageFields, type Page } from '../../lib/page';
import { tooMany } from '../../lib/refusal';
import { fmtDate, fmtDateTime } from '../../lib/time';

export const MSG_URGED_TODAY = '今日已催办，请明天再试';

export interface UrgeInfo {
  last_urged_at: string | null;
  urged_today: boolean;
}
/** last urge time and whether today's urge was used, per target id */
export async function urgeInfo(db: Db, type: 'request' | 'proof', ids: number[], now: Date): Promise<Map<number, UrgeInfo>> {
  const out = new Map<number, UrgeInfo>();
  if (!ids.length) return out;
  const rows = await db.query<{ target_id: number; last: Date; today: boolean }>(
    `SELECT target_id, max(sent_at) AS last, bool_or(china_day = $3::date) AS today
       FROM dimission_urges WHERE target_type = $1 AND target_id = ANY ($2::int[]) GROUP BY target_id`,
    [type, ids, fmtDate(now)],
  );
  for (const r of rows) out.set(r.target_id, { last_urged_at: fmtDateTime(r.last), urged_today: r.today });
  return out;
}
export const noUrge: UrgeInfo = { last_urged_at: null, urged_today: false };

/** A list page of requests or proofs: the count of the asked tab, every tab's counts, and each row with its urge info. */
export async function urgedPage<S extends string, R extends { id: number }, T>(
  db: Db,
  type: 'request' | 'proof',
  q: Page & { status: 'all' | S },
  counts: Record<'all' | S, number>,
  rows: R[],
  now: Date,
  item: (r: R, urge: UrgeInfo) => T,
) {
  const urges = await urgeInfo(
    db,
    type,
    rows.map((r) => r.id),
    now,
  );
  return { ...pageFields(q, counts[q.status]), counts, list: rows.map((r) => item(r, urges.get(r.id) ?? noUrge)) };
}

/** Records today's urge of one item; the unique key refuses a second one the same China day. */
export async function recordUrge(db: Db, companyId: number, type: 'request' | 'proof', id: number, userId: number, now: Date): Promise<void> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO dimission_urges (company_id, target_type, target_id, china_day, sent_by, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (target_type, target_id, china_day) DO NOTHING RETURNING id`,
    [companyId, type, id, fmtDate(now), userId, now],
  );
  if (!row) throw tooMany(MSG_URGED_TODAY);
}
