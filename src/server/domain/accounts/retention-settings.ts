/**
 * The company's retention setting (retention-rules.ts; routes/retention.ts): what happens to its
 * departure records past their 2 years, who chose it, and its latest purges.
 */
import type { DepartureAction, RetentionData } from '../../../contract/retention';
import type { Db } from '../../db/types';
import { fmtDateTime } from '../../lib/time';
import { RETENTION_RULES } from './retention-rules';

const HISTORY_ROWS = 20;

/** The company's setting (the default while never set), who set it, and its latest purges. */
export async function retentionOverview(db: Db, companyId: number): Promise<RetentionData> {
  const s = await db.one<{ departure_action: DepartureAction; updated_at: Date; realname: string | null; mobile_mask: string | null }>(
    `SELECT s.departure_action, s.updated_at, u.realname, u.mobile_mask
       FROM retention_settings s LEFT JOIN users u ON u.id = s.updated_by WHERE s.company_id = $1`,
    [companyId],
  );
  const runs = await db.query<{ kind: string; action: 'delete' | 'anonymise' | 'clear'; row_count: number; ran_at: Date }>(
    `SELECT kind, action, row_count, ran_at FROM retention_runs WHERE company_id = $1 ORDER BY ran_at DESC, id DESC LIMIT $2`,
    [companyId, HISTORY_ROWS],
  );
  return {
    departure_action: s?.departure_action ?? 'anonymise',
    departure_years: RETENTION_RULES.departureYears,
    updated_at: s ? fmtDateTime(s.updated_at) : null,
    updated_by: s ? s.realname || (s.mobile_mask ?? '') : '',
    runs: runs.map((r) => ({ kind: r.kind, action: r.action, rows: r.row_count, ran_at: fmtDateTime(r.ran_at) })),
  };
}

/** The admin's choice (the route checked the role); answers the overview as saved. */
export async function saveRetentionSetting(db: Db, companyId: number, userId: number, action: DepartureAction, now: Date): Promise<RetentionData> {
  await db.query(
    `INSERT INTO retention_settings (company_id, departure_action, updated_by, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (company_id) DO UPDATE SET departure_action = excluded.departure_action, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    [companyId, action, userId, now],
  );
  return retentionOverview(db, companyId);
}
