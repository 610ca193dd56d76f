/**
 * Retention of departure records (retention-rules.ts; docs/pii.md "Retention"): past their 2 years
 * a record, its proofs and its resignation request are anonymised or purged by the company's
 * setting (retention-settings.ts); returned or withdrawn requests follow the same setting. The
 * batches run under retention-sweep.ts's lock and log.
 */
import type { DepartureAction } from '../../../contract/retention';
import type { Db } from '../../db/types';
import { ANONYMISED_NAME, RETENTION_RULES, companiesOf, type Batch } from './retention-rules';

interface DueRecord {
  id: number;
  company_id: number;
  request_id: number | null;
}

/**
 * Records whose leave date is more than 2 years before today (China date) in companies whose
 * setting is `action`. A record left exactly 2 years ago today is still kept. Under `purge` an
 * earlier anonymised record goes too (the company chose deletion).
 */
async function dueRecords(t: Db, action: DepartureAction, today: string, limit: number): Promise<DueRecord[]> {
  const due = `r.leave_date < ($1::date - make_interval(years => $2))::date`;
  return action === 'purge'
    ? t.query<DueRecord>(
        `SELECT r.id, r.company_id, r.request_id FROM departure_records r JOIN retention_settings s ON s.company_id = r.company_id
          WHERE s.departure_action = 'purge' AND ${due}
          ORDER BY r.company_id, r.leave_date, r.id LIMIT $3 FOR UPDATE OF r SKIP LOCKED`,
        [today, RETENTION_RULES.departureYears, limit],
      )
    : t.query<DueRecord>(
        `SELECT r.id, r.company_id, r.request_id FROM departure_records r LEFT JOIN retention_settings s ON s.company_id = r.company_id
          WHERE r.anonymised_at IS NULL AND coalesce(s.departure_action, 'anonymise') = 'anonymise' AND ${due}
          ORDER BY r.company_id, r.leave_date, r.id LIMIT $3 FOR UPDATE OF r SKIP LOCKED`,
        [today, RETENTION_RULES.departureYears, limit],
      );
}

/**
 * The audit trail of full views (pii_views) names whose data was seen; when a departure is
 * anonymised or purged, its rows keep who looked, when, why and the record, and lose the name and
 * the masked number (run before the proofs and requests are deleted: it finds them by record).
 */
async function forgetAuditNames(t: Db, recordIds: number[], requestIds: number[]): Promise<void> {
  await t.query(
    `UPDATE pii_views SET subject_name = $3, subject_mask = ''
      WHERE (subject_type = 'departure_record' AND subject_id = ANY($1::int[]))
         OR (subject_type = 'departure_proof' AND subject_id IN (SELECT id FROM departure_proofs WHERE record_id = ANY($1::int[])))
         OR (subject_type = 'resignation_request' AND (subject_id = ANY($2::int[])
             OR subject_id IN (SELECT id FROM resignation_requests WHERE record_id = ANY($1::int[]))))`,
    [recordIds, requestIds, ANONYMISED_NAME],
  );
}

/**
 * Anonymise: name, ID number and mobile leave the record, its proofs and its resignation request;
 * the facts stay (company, department, job, dates, leave type, legal basis, a proof's serial and
 * issue date), so statistics and a serial's authenticity check keep working. Drafts never issued
 * are deleted (nothing was handed out). The employee's proof link stops working.
 */
const anonymiseRecords: (today: string, now: Date) => Batch = (today, now) => async (t, limit) => {
  const recs = await dueRecords(t, 'anonymise', today, limit);
  if (!recs.length) return { n: 0, touched: [] };
  const ids = recs.map((r) => r.id);
  const requestIds = recs.flatMap((r) => (r.request_id ? [r.request_id] : []));
  await forgetAuditNames(t, ids, requestIds);
  const reqs = await t.query<{ company_id: number }>(
    `UPDATE resignation_requests SET employee_name = $3, mobile_enc = NULL, mobile_bidx = NULL, mobile_mask = '', id_card_enc = NULL,
       id_card_bidx = NULL, id_card_mask = '', reason = '', reject_reason = '', handover_name = '', anonymised_at = $4
      WHERE (record_id = ANY($1::int[]) OR id = ANY($2::int[])) AND anonymised_at IS NULL RETURNING company_id`,
    [ids, requestIds, ANONYMISED_NAME, now],
  );
  const drafts = await t.query<{ id: number; company_id: number }>(
    `DELETE FROM departure_proofs WHERE record_id = ANY($1::int[]) AND status = 'draft' RETURNING id, company_id`,
    [ids],
  );
  if (drafts.length) await t.query(`DELETE FROM dimission_urges WHERE target_type = 'proof' AND target_id = ANY($1::int[])`, [drafts.map((d) => d.id)]);
  const proofs = await t.query<{ id: number; company_id: number }>(
    `UPDATE departure_proofs SET name = $2, id_card_enc = NULL, id_card_mask = '', non_compete = '',
       void_reason = '', anonymised_at = $3
      WHERE record_id = ANY($1::int[]) AND anonymised_at IS NULL RETURNING id, company_id`,
    [ids, ANONYMISED_NAME, now],
  );
  // the employee's links and their openings (with the IP) go with the person's data
  const proofIds = proofs.map((p) => p.id);
  await t.query('DELETE FROM proof_link_opens WHERE proof_id = ANY($1::int[])', [proofIds]);
  await t.query('DELETE FROM proof_links WHERE proof_id = ANY($1::int[])', [proofIds]);
  await t.query(
    `UPDATE departure_records SET name = $2, id_card_enc = NULL, id_card_bidx = NULL, id_card_mask = '', mobile_enc = NULL,
       mobile_bidx = NULL, mobile_mask = '', anonymised_at = $3 WHERE id = ANY($1::int[])`,
    [ids, ANONYMISED_NAME, now],
  );
  return {
    n: recs.length,
    touched: [
      ['departure_records', 'anonymise', companiesOf(recs)],
      ['departure_proofs', 'delete', companiesOf(drafts)],
      ['departure_proofs', 'anonymise', companiesOf(proofs)],
      ['resignation_requests', 'anonymise', companiesOf(reqs)],
    ],
  };
};

/**
 * Purge: the record, all its proofs, their 催办 rows and its resignation request are deleted. The
 * statistics' roll-ups follow their source rows (triggers of 019): the departures, proofs and
 * answered requests of those months no longer count.
 */
const purgeRecords: (today: string) => Batch = (today) => async (t, limit) => {
  const recs = await dueRecords(t, 'purge', today, limit);
  if (!recs.length) return { n: 0, touched: [] };
  const ids = recs.map((r) => r.id);
  const requestIds = [
    ...new Set([
      ...recs.flatMap((r) => (r.request_id ? [r.request_id] : [])),
      ...(await t.query<{ id: number }>('SELECT id FROM resignation_requests WHERE record_id = ANY($1::int[])', [ids])).map((r) => r.id),
    ]),
  ];
  await forgetAuditNames(t, ids, requestIds);
  // the two tables point at each other: the request lets go of its record first
  if (requestIds.length) await t.query('UPDATE resignation_requests SET record_id = NULL WHERE id = ANY($1::int[])', [requestIds]);
  const proofs = await t.query<{ id: number; company_id: number }>('DELETE FROM departure_proofs WHERE record_id = ANY($1::int[]) RETURNING id, company_id', [
    ids,
  ]);
  await t.query(
    `DELETE FROM dimission_urges WHERE (target_type = 'proof' AND target_id = ANY($1::int[])) OR (target_type = 'request' AND target_id = ANY($2::int[]))`,
    [proofs.map((p) => p.id), requestIds],
  );
  const gone = await t.query<{ company_id: number }>('DELETE FROM departure_records WHERE id = ANY($1::int[]) RETURNING company_id', [ids]);
  const reqs = requestIds.length
    ? await t.query<{ company_id: number }>(
        `DELETE FROM resignation_requests q WHERE q.id = ANY($1::int[])
            AND NOT EXISTS (SELECT 1 FROM departure_records d WHERE d.request_id = q.id) RETURNING company_id`,
        [requestIds],
      )
    : [];
  return {
    n: recs.length,
    touched: [
      ['departure_records', 'delete', companiesOf(gone)],
      ['departure_proofs', 'delete', companiesOf(proofs)],
      ['resignation_requests', 'delete', companiesOf(reqs)],
    ],
  };
};

/**
 * Resignation requests returned (退回修改) or withdrawn that never became a record: the same 2
 * years after their last change, then the company's setting like a record.
 */
const closedRequests: (action: DepartureAction, now: Date) => Batch = (action, now) => async (t, limit) => {
  const due = await t.query<{ id: number; company_id: number }>(
    `SELECT q.id, q.company_id FROM resignation_requests q LEFT JOIN retention_settings s ON s.company_id = q.company_id
      WHERE q.status IN ('rejected', 'withdrawn') AND q.record_id IS NULL
        AND coalesce(q.updated_at, q.reviewed_at, q.submitted_at) < $1::timestamptz - make_interval(years => $2)
        AND coalesce(s.departure_action, 'anonymise') = $3 AND ($3 = 'purge' OR q.anonymised_at IS NULL)
        AND NOT EXISTS (SELECT 1 FROM departure_records d WHERE d.request_id = q.id)
      ORDER BY q.id LIMIT $4 FOR UPDATE OF q SKIP LOCKED`,
    [now, RETENTION_RULES.closedRequestYears, action, limit],
  );
  if (!due.length) return { n: 0, touched: [] };
  const ids = due.map((r) => r.id);
  await forgetAuditNames(t, [], ids);
  if (action === 'purge') {
    await t.query(`DELETE FROM dimission_urges WHERE target_type = 'request' AND target_id = ANY($1::int[])`, [ids]);
    const gone = await t.query<{ company_id: number }>('DELETE FROM resignation_requests WHERE id = ANY($1::int[]) RETURNING company_id', [ids]);
    return { n: due.length, touched: [['resignation_requests', 'delete', companiesOf(gone)]] };
  }
  const done = await t.query<{ company_id: number }>(
    `UPDATE resignation_requests SET employee_name = $2, mobile_enc = NULL, mobile_bidx = NULL, mobile_mask = '', id_card_enc = NULL,
       id_card_bidx = NULL, id_card_mask = '', reason = '', reject_reason = '', handover_name = '', anonymised_at = $3
      WHERE id = ANY($1::int[]) RETURNING company_id`,
    [ids, ANONYMISED_NAME, now],
  );
  return { n: due.length, touched: [['resignation_requests', 'anonymise', companiesOf(done)]] };
};
/** The departure batches of one run, in their order (records before the requests they free). */
export const departureSweeps = (today: string, now: Date): Batch[] => [
  anonymiseRecords(today, now),
  purgeRecords(today),
  closedRequests('anonymise', now),
  closedRequests('purge', now),
];
