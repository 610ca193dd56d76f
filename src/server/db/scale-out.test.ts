/**
 * Past one database (issue 25 item 8, docs/scale-out.md): the rules that let the company tables be
 * distributed by company_id, checked on the migrated catalog. Every table has a place (distributed
 * by company, reference, or local to the coordinator); a company table carries company_id, every
 * key of it ("one per …") includes company_id, and every foreign key between company tables goes
 * through company_id. What cannot follow the rule yet is listed here with its reason, and the doc
 * repeats the list. A new table fails here until it is placed, and a company table without
 * company_id (or with a key or foreign key without it) fails until it is fixed or explained.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/setup/db';
import type { Db } from './types';

/** Distributed by company_id, all in one co-location group. */
const COMPANY = [
  'applications',
  'candidate_merges',
  'candidate_notes',
  'candidate_tags',
  'company_invoices',
  'contact_unlocks',
  'crc_ledger',
  'export_tickets',
  'departure_proofs',
  'departure_records',
  'esign_sign_flows',
  'dimission_leave_tickets',
  'dimission_qr',
  'dimission_urges',
  'flex_agreements',
  'flex_delivery_files',
  'flex_engagement_ends',
  'flex_task_workers',
  'flex_tasks',
  'flex_workers',
  'headcount_figures',
  'import_batches',
  'interview_events',
  'interview_settings',
  'interviews',
  'member_orders',
  'message_marks',
  'message_reads',
  'messages',
  'notice_sms',
  'order_invoices',
  'payout_accounts',
  'payout_batches',
  'payout_callbacks',
  'payout_codes',
  'payout_ledger',
  'payout_logs',
  'payout_rows',
  'payout_settings',
  'payout_settings_changes',
  'payout_topups',
  'payout_wx_notifies',
  'pii_views',
  'position_views',
  'positions',
  'proof_files',
  'proof_seal_flows',
  'proof_link_opens',
  'proof_links',
  'realname_checks',
  'resignation_requests',
  'resume_views',
  'retention_settings',
  'role_changes',
  'sign_evidence',
  'sign_evidence_files',
  'stats_company_daily',
  'stats_crc_daily',
  'stats_departure_daily',
  'stats_departure_monthly',
  'stats_dept_daily',
  'stats_flex_daily',
  'stats_recruit_daily',
  'stats_recruit_monthly',
  'tax_application_rows',
  'tax_applications',
  'tax_invoices',
  'tax_orders',
  'tax_proof_files',
  'tax_services',
];
/** Platform-wide, joined by company rows: a copy on every node. */
const REFERENCE = [
  'announcements',
  'candidate_edu',
  'candidate_work',
  'candidates',
  'companies',
  'crc_configure',
  'member_packs',
  'strategic_partners',
  'tax_remittances',
  'users',
];
/** Login, operations and the sandboxes: stay on the coordinator, never joined with company rows by a shard. */
const LOCAL = [
  'app_meta',
  'company_files',
  'job_runs',
  'ledger_checks',
  'media',
  'oss_multipart',
  'oss_objects',
  'oss_parts',
  'payout_transfers',
  'rate_counters',
  'retention_media_deletes',
  'retention_runs',
  'sandbox_channel_nonces',
  'sandbox_channel_notices',
  'sandbox_channel_orders',
  'sandbox_channel_settings',
  'sandbox_esign_ca',
  'sandbox_esign_callbacks',
  'sandbox_esign_files',
  'sandbox_esign_flows',
  'sandbox_esign_links',
  'sandbox_esign_sms',
  'sandbox_payout_sms_outbox',
  'sandbox_sms_outbox',
  'sandbox_tsa_keys',
  'schema_migrations',
  'seed_runs',
  'sessions',
  'sms_codes',
  'sts_credentials',
  'upload_progress',
  'vod_media',
  'wechat_logins',
  'wechatpay_notifications',
];
const PLACEMENT = { company: COMPANY, reference: REFERENCE, local: LOCAL };

/** Company tables whose company_id may be NULL (Citus cannot place such a row). */
const NULLABLE_COMPANY_ID: Record<string, string> = {
  pii_views: 'the audit helper takes companyId: number | null (lib/pii.ts); every caller passes one, old rows unchecked',
};

/**
 * Unique keys of company tables without company_id, besides a primary key on a bare `id` (the
 * surrogate keys: each becomes (id, company_id) on the day of the move, docs/scale-out.md step 3).
 */
const KEY_EXCEPTIONS: Record<string, string> = {
  // numbers and tokens the outside world hands back without the company
  member_orders_pkey: 'order_id: the WeChat Pay notification names only the order',
  tax_orders_pkey: 'order_id: the WeChat Pay notification names only the order',
  payout_topups_order_no_key: 'order_no: the WeChat Pay notification names only the order',
  payout_topups_txn_once: 'transaction_id: one credit per payment, whoever the order',
  payout_rows_channel_no_key: "channel_no: the payout channel's callback names only the row's channel number",
  payout_callbacks_pkey: "notify_id: the channel's notification id, applied once (ON CONFLICT (notify_id))",
  esign_sign_flows_sign_flow_id_key: "sign_flow_id: e签宝's callbacks name only the flow",
  proof_seal_flows_sign_flow_id_key: "sign_flow_id: e签宝's callbacks name only the flow (a proof's electronic seal)",
  payout_batches_batch_no_key: 'batch_no: the number the channel and the operator know a batch by',
  tax_applications_apply_no_key: 'apply_no: the number the operator knows an application by',
  flex_tasks_task_no_key: 'task_no: the number the operator knows a task by',
  departure_proofs_serial_key: 'serial: printed on the proof, checked by whoever holds the paper',
  proof_links_token_hash_key: "the employee's link to the proof carries only the token",
  departure_proofs_verify_code_key: 'the 验真 QR and code carry only the code',
  tax_applications_verify_code_key: 'the 完税证明 验真 QR and code carry only the code',
  dimission_qr_token_key: 'the scan-to-leave link carries only the token',
  dimission_leave_tickets_pkey: 'the scan-to-leave page holds only its ticket',
  flex_tasks_public_token_key: 'the public sign-up link carries only the token',
  flex_task_workers_invite_token_key: "the worker's own page carries only the token",
  interviews_link_token_hash_key: "the candidate's interview link carries only the token",
  positions_share_token_key: "a position's public page (/m/job, 分享) carries only the token",
  // ON CONFLICT targets (the clause must name the key's exact columns)
  applications_uq: 'ON CONFLICT (position_id, candidate_id) in routes/talent.ts and db/seeds/statistics.ts',
  flex_task_workers_task_id_worker_id_key: 'ON CONFLICT (task_id, worker_id) in domain/employment/people.ts',
  dimission_urges_target_type_target_id_china_day_key: 'ON CONFLICT (target_type, target_id, china_day) in domain/dimission/urges.ts',
  order_invoices_pkey: 'ON CONFLICT (order_id) in routes/membership.ts',
};

interface UniqueKey {
  table: string;
  name: string;
  primary: boolean;
  columns: string[];
}
interface ForeignKey {
  table: string;
  ref: string;
  name: string;
  columns: string[];
  ref_columns: string[];
}

const catalog = async (db: Db) => ({
  tables: (
    await db.query<{ t: string }>(`SELECT relname AS t FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p') ORDER BY 1`)
  ).map((r) => r.t),
  companyIds: await db.query<{ table: string; not_null: boolean; type: string }>(
    `SELECT c.relname AS table, a.attnotnull AS not_null, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND a.attname = 'company_id' AND NOT a.attisdropped`,
  ),
  uniques: await db.query<UniqueKey>(
    `SELECT c.relname AS table, i.relname AS name, x.indisprimary AS primary,
            array(SELECT coalesce(a.attname::text, '(expression)') FROM unnest(x.indkey::int2[]) WITH ORDINALITY k(attnum, n)
                    LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum ORDER BY k.n) AS columns
       FROM pg_index x JOIN pg_class c ON c.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
      WHERE c.relnamespace = current_schema()::regnamespace AND x.indisunique ORDER BY 1, 2`,
  ),
  foreignKeys: await db.query<ForeignKey>(
    `SELECT c.relname AS table, f.relname AS ref, k.conname AS name,
            array(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY u(attnum, n)
                    JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.attnum ORDER BY u.n) AS columns,
            array(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY u(attnum, n)
                    JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.attnum ORDER BY u.n) AS ref_columns
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class f ON f.oid = k.confrelid
      WHERE k.contype = 'f' AND c.relnamespace = current_schema()::regnamespace ORDER BY 1, 3`,
  ),
});

/** Everything in the schema that breaks the rules of docs/scale-out.md, one line each. */
async function problems(db: Db, placement = PLACEMENT): Promise<string[]> {
  const out: string[] = [];
  const { tables, companyIds, uniques, foreignKeys } = await catalog(db);
  const kind = new Map<string, string>();
  for (const [k, names] of Object.entries(placement))
    for (const t of names) {
      if (kind.has(t)) out.push(`${t}: placed twice (${kind.get(t)}, ${k})`);
      kind.set(t, k);
    }
  for (const t of tables) if (!kind.has(t)) out.push(`${t}: not placed (company, reference or local?)`);
  const company = new Set(tables.filter((t) => kind.get(t) === 'company'));

  for (const t of company) {
    const c = companyIds.find((x) => x.table === t);
    if (!c) out.push(`${t}: company table without company_id`);
    else if (c.type !== 'integer') out.push(`${t}: company_id is ${c.type}, not integer like companies.id`);
    else if (!c.not_null && !NULLABLE_COMPANY_ID[t]) out.push(`${t}: company_id may be NULL`);
  }
  for (const u of uniques) {
    if (!company.has(u.table) || u.columns.includes('company_id') || KEY_EXCEPTIONS[u.name]) continue;
    if (u.primary && u.columns.length === 1 && u.columns[0] === 'id') continue; // the surrogate key: (id, company_id) at the move
    out.push(`${u.table}: ${u.primary ? 'primary key' : 'unique key'} ${u.name} (${u.columns.join(', ')}) without company_id`);
  }
  for (const f of foreignKeys) {
    const from = kind.get(f.table);
    const to = kind.get(f.ref);
    if (to === 'company' && from && from !== 'company') out.push(`${f.table}: ${from} table with a foreign key to the company table ${f.ref} (${f.name})`);
    if (from === 'company' && to === 'local') out.push(`${f.table}: foreign key to the local table ${f.ref} (${f.name})`);
    if (from === 'company' && to === 'company') {
      const i = f.columns.indexOf('company_id');
      if (i < 0 || f.ref_columns[i] !== 'company_id')
        out.push(`${f.table}: foreign key ${f.name} (${f.columns.join(', ')}) to ${f.ref} not through company_id`);
    }
  }
  return out;
}

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('the schema past one database (docs/scale-out.md)', () => {
  it('places every table, and the company tables keep company_id in their keys and foreign keys', async () => {
    expect(await problems(db)).toEqual([]);
  });

  it('names each exception that exists, and the doc repeats every table and exception', async () => {
    const { uniques } = await catalog(db);
    const names = new Set(uniques.map((u) => u.name));
    expect(Object.keys(KEY_EXCEPTIONS).filter((n) => !names.has(n))).toEqual([]);
    const doc = readFileSync(new URL('../../../docs/scale-out.md', import.meta.url), 'utf8');
    const missing = [...COMPANY, ...REFERENCE, ...LOCAL, ...Object.keys(KEY_EXCEPTIONS), ...Object.keys(NULLABLE_COMPANY_ID)].filter(
      (n) => !new RegExp(`\\b${n}\\b`).test(doc),
    );
    expect(missing).toEqual([]);
  });

  it('fails a new table until it is placed, and a company table without company_id in its keys', async () => {
    await db.exec(`CREATE TABLE scale_out_probe (id integer PRIMARY KEY, position_id integer REFERENCES positions (id), token text UNIQUE)`);
    try {
      expect(await problems(db)).toEqual(['scale_out_probe: not placed (company, reference or local?)']);
      expect(await problems(db, { ...PLACEMENT, company: [...COMPANY, 'scale_out_probe'] })).toEqual([
        'scale_out_probe: company table without company_id',
        'scale_out_probe: unique key scale_out_probe_token_key (token) without company_id',
        'scale_out_probe: foreign key scale_out_probe_position_id_fkey (position_id) to positions not through company_id',
      ]);
      expect(await problems(db, { ...PLACEMENT, reference: [...REFERENCE, 'scale_out_probe'] })).toEqual([
        'scale_out_probe: reference table with a foreign key to the company table positions (scale_out_probe_position_id_fkey)',
      ]);
    } finally {
      await db.exec('DROP TABLE scale_out_probe');
    }
  });

  it('swaps every surrogate primary key for (id, company_id) as in step 3 of the move (tried, then rolled back)', async () => {
    const rollback = new Error('rollback');
    const left = await db
      .tx(async (t) => {
        const before = await catalog(t);
        const between = before.foreignKeys.filter((f) => COMPANY.includes(f.table) && COMPANY.includes(f.ref));
        const defs = await t.query<{ table: string; name: string; def: string }>(
          `SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS def
             FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
            WHERE c.relnamespace = current_schema()::regnamespace AND k.conname = ANY($1)`,
          [between.map((f) => f.name)],
        );
        for (const f of defs) await t.exec(`ALTER TABLE ${f.table} DROP CONSTRAINT ${f.name}`);
        for (const k of before.uniques.filter((u) => COMPANY.includes(u.table) && u.primary && u.columns.join() === 'id')) {
          await t.exec(`ALTER TABLE ${k.table} DROP CONSTRAINT ${k.name}, ADD CONSTRAINT ${k.name} PRIMARY KEY (id, company_id)`);
          if (before.uniques.some((u) => u.name === `${k.table}_id_company_id_key`))
            await t.exec(`ALTER TABLE ${k.table} DROP CONSTRAINT ${k.table}_id_company_id_key`);
        }
        await t.exec(`ALTER TABLE member_orders DROP CONSTRAINT member_orders_pkey, ADD CONSTRAINT member_orders_pkey PRIMARY KEY (order_id, company_id);
          ALTER TABLE member_orders DROP CONSTRAINT member_orders_order_id_company_id_key`);
        for (const f of defs) await t.exec(`ALTER TABLE ${f.table} ADD CONSTRAINT ${f.name} ${f.def}`);
        const after = await catalog(t);
        const out = after.uniques.filter((u) => COMPANY.includes(u.table) && !u.columns.includes('company_id')).map((u) => u.name);
        expect(after.foreignKeys.length).toBe(before.foreignKeys.length);
        throw Object.assign(rollback, { out });
      })
      .catch((e: Error & { out?: string[] }) => {
        if (e !== rollback) throw e;
        return e.out!;
      });
    // what is left is the exceptions, less member_orders' key (order_id, company_id) now
    expect(left.sort()).toEqual(
      Object.keys(KEY_EXCEPTIONS)
        .filter((n) => n !== 'member_orders_pkey')
        .sort(),
    );
    expect(await problems(db)).toEqual([]); // rolled back: the schema as migrated
  });

  it('refuses a row that points at another company’s row', async () => {
    const [a, b] = await db.query<{ id: number }>('SELECT id FROM companies ORDER BY id LIMIT 2');
    const pos = (await db.one<{ id: number }>('SELECT id FROM positions WHERE company_id = $1 LIMIT 1', [a!.id]))!;
    const cand = (await db.one<{ id: number }>(
      'SELECT id FROM candidates c WHERE NOT EXISTS (SELECT 1 FROM applications x WHERE x.position_id = $1 AND x.candidate_id = c.id) LIMIT 1',
      [pos.id],
    ))!;
    const code = (sql: string, args: unknown[]) =>
      db.query(sql, args).then(
        () => 'ok',
        (e: { code?: string }) => e.code,
      );
    // foreign_key_violation: company B has no position with A's position id
    expect(await code('INSERT INTO applications (position_id, company_id, candidate_id) VALUES ($1, $2, $3)', [pos.id, b!.id, cand.id])).toBe('23503');
    expect(await db.one('SELECT 1 FROM applications WHERE position_id = $1 AND candidate_id = $2', [pos.id, cand.id])).toBeUndefined();
  });

  it('fills an order invoice’s company from its order when the INSERT leaves it out (the demo seed’s row)', async () => {
    const order = (await db.one<{ order_id: string; company_id: number }>(
      'SELECT order_id, company_id FROM member_orders o WHERE NOT EXISTS (SELECT 1 FROM order_invoices i WHERE i.order_id = o.order_id) LIMIT 1',
    ))!;
    await db.query(
      `INSERT INTO order_invoices (order_id, company_name, creditcode, invoice_type) VALUES ($1, '杭州云帆智联科技有限公司', '91330106MA2KXXXX0X', 1)`,
      [order.order_id],
    );
    expect(await db.one('SELECT company_id FROM order_invoices WHERE order_id = $1', [order.order_id])).toEqual({ company_id: order.company_id });
    await db.query('DELETE FROM order_invoices WHERE order_id = $1', [order.order_id]);
  });
});
