/**
 * 发放设置 (issue 13, issue 27): the company's rates, monthly cap and approval rules. Only the admin
 * changes them (the endpoint's perm payout.settings); every change that changes something is kept
 * before → after in the append-only payout_settings_changes, in the same transaction.
 */
import type { Db } from '../../db/types';
import { pageSql, type Page, type Paged } from '../../lib/page';
import { conflict } from '../../lib/refusal';
import { fmtDateTime } from '../../lib/time';
import { memberCount } from './approval';
import { DEFAULT_SETTINGS, settingsOf, type Settings } from './ledger';

export const MSG_SOLO_ONLY = '企业仅有一位成员时才可开启单人审批；有多位成员时，提交人与审批人须为不同的人';

const same = (a: Settings, b: Settings) => (Object.keys(a) as (keyof Settings)[]).every((k) => a[k] === b[k]);

/** Saves the settings; answers them as stored. Turning 单人审批 on needs a company of one member. */
export async function saveSettings(db: Db, by: { companyId: number; userId: number }, s: Settings, now: Date): Promise<Settings> {
  const { companyId } = by;
  return db.tx(async (t) => {
    await t.query('INSERT INTO payout_settings (company_id) VALUES ($1) ON CONFLICT (company_id) DO NOTHING', [companyId]);
    const before = await settingsOf(t, companyId, true);
    if (s.self_approval && !before.self_approval && (await memberCount(t, companyId)) > 1) throw conflict(MSG_SOLO_ONLY);
    await t.query(
      `UPDATE payout_settings SET fee_rate_bp = $2, tax_rate_bp = $3, monthly_cap_fen = $4, approval_threshold_fen = $5, self_approval = $6, updated_at = $7
        WHERE company_id = $1`,
      [companyId, s.fee_rate_bp, s.tax_rate_bp, s.monthly_cap_fen, s.approval_threshold_fen, s.self_approval, now],
    );
    const after = await settingsOf(t, companyId);
    if (!same(before, after)) {
      await t.query('INSERT INTO payout_settings_changes (company_id, changed_by, before, after, created_at) VALUES ($1,$2,$3,$4,$5)', [
        companyId,
        by.userId,
        JSON.stringify(before),
        JSON.stringify(after),
        now,
      ]);
    }
    return after;
  });
}

/** 发放设置变更记录, newest first. */
export async function settingsChanges(db: Db, companyId: number, q: Page) {
  const args: unknown[] = [companyId];
  const total = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM payout_settings_changes WHERE company_id = $1', args);
  const rows = await db.query<{ id: number; realname: string | null; mobile_mask: string | null; before: Settings; after: Settings; created_at: Date }>(
    `SELECT c.id, u.realname, u.mobile_mask, c.before, c.after, c.created_at
       FROM payout_settings_changes c LEFT JOIN users u ON u.id = c.changed_by WHERE c.company_id = $1 ORDER BY c.id DESC${pageSql(args, q)}`,
    args,
  );
  const list = rows.map((r) => ({
    id: r.id,
    operator: r.realname || (r.mobile_mask ?? ''),
    before: { ...DEFAULT_SETTINGS, ...r.before },
    after: { ...DEFAULT_SETTINGS, ...r.after },
    created_at: fmtDateTime(r.created_at),
  }));
  return { list, total: total!.n } satisfies Paged<unknown>;
}
