/**
 * Retention of issue 29's evidence (retention-rules.ts; docs/pii.md "Retention"): a signature's
 * evidence, the real-name checks and a delivery's photos. Each is kept while the task worker's
 * engagement lasts and for its period after it ends — `flex_engagement_end()` of migration 055,
 * the same definition the database's guards use: the task ended (or was cancelled), nothing of
 * theirs still open (a delivery waiting for 验收, a payout pending or paying), or the person was
 * removed. The batches run under retention-sweep.ts's lock and log.
 *
 * sign_evidence, sign_evidence_files and realname_checks are append-only: their triggers let one
 * DELETE through, with the transaction-local setting `hr.retention` on, of a row past its period
 * (a signed file: its evidence gone) — the setting is switched on around this file's deletes only,
 * and the trigger checks the period itself. An e签宝 signing flow (IP, user agent, the check it
 * used; migration 054) goes with its task worker's evidence, or a year after the engagement when
 * no evidence came of it (refused, expired, revoked), as an uncited check does.
 * Photo objects are deleted at the video service by the `retention-media` job (retention-media.ts)
 * from the `retention_media_deletes` queue written here, outside any transaction.
 */
import type { Db } from '../../db/types';
import { addDays } from '../../lib/time';
import { RETENTION_RULES, companiesOf, yearsBefore, type Batch } from './retention-rules';

/** `fn` with the guards' setting on (then off again: nothing else in the transaction gets it). */
async function asRetention<T>(t: Db, fn: () => Promise<T>): Promise<T> {
  await t.query(`SELECT set_config('hr.retention', 'on', true)`);
  const out = await fn();
  await t.query(`SELECT set_config('hr.retention', 'off', true)`);
  return out;
}

/**
 * Evidence of signatures whose engagement ended more than 5 years ago, with the signed PDF of each
 * and the task worker's signing flows once none of their evidence is left. The task worker's row
 * (when it still exists) is then marked, so HR's list and the evidence page say 签署证据已按保存期限删除
 * instead of 暂无签署证据.
 */
const signEvidence =
  (now: Date): Batch =>
  async (t, limit) => {
    const cutoff = yearsBefore(now, RETENTION_RULES.evidenceYears);
    const rows = await asRetention(t, async () => {
      const gone = await t.query<{ id: number; company_id: number; task_worker_id: number }>(
        `DELETE FROM sign_evidence WHERE id IN (
           SELECT id FROM sign_evidence
            WHERE signed_at < $1 AND flex_engagement_end(company_id, task_worker_id) < $1
            ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING id, company_id, task_worker_id`,
        [cutoff, limit],
      );
      if (gone.length) {
        await t.query(
          `DELETE FROM sign_evidence_files f USING unnest($1::bigint[], $2::int[]) AS x (evidence_id, company_id)
            WHERE f.evidence_id = x.evidence_id AND f.company_id = x.company_id`,
          [gone.map((r) => r.id), companiesOf(gone)],
        );
        await t.query(
          `DELETE FROM esign_sign_flows f USING unnest($1::int[], $2::int[]) AS x (task_worker_id, company_id)
            WHERE f.task_worker_id = x.task_worker_id AND f.company_id = x.company_id
              AND NOT EXISTS (SELECT 1 FROM sign_evidence e WHERE e.task_worker_id = f.task_worker_id AND e.company_id = f.company_id)`,
          [gone.map((r) => r.task_worker_id), companiesOf(gone)],
        );
      }
      return gone;
    });
    if (rows.length) {
      await t.query(
        `UPDATE flex_task_workers w SET evidence_purged_at = $3
           FROM unnest($1::int[], $2::int[]) AS x (id, company_id)
          WHERE w.id = x.id AND w.company_id = x.company_id AND w.evidence_purged_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM sign_evidence e WHERE e.task_worker_id = w.id AND e.company_id = w.company_id)`,
        [rows.map((r) => r.task_worker_id), companiesOf(rows), now],
      );
    }
    return { n: rows.length, touched: [['sign_evidence', 'delete', companiesOf(rows)]] };
  };

/**
 * Signing flows of which no evidence came (拒签, 过期, 撤销, or a person who never finished), a year
 * after the engagement ended, as an uncited check: they hold the tap's IP and user agent. Before the
 * checks, which a flow cites.
 */
const signFlows =
  (now: Date): Batch =>
  async (t, limit) => {
    const cutoff = yearsBefore(now, RETENTION_RULES.realnameYears);
    const rows = await t.query<{ company_id: number }>(
      `DELETE FROM esign_sign_flows WHERE id IN (
         SELECT f.id FROM esign_sign_flows f
          WHERE f.created_at < $1
            AND NOT EXISTS (SELECT 1 FROM sign_evidence e WHERE e.task_worker_id = f.task_worker_id AND e.company_id = f.company_id)
            AND flex_engagement_end(f.company_id, f.task_worker_id) < $1
          ORDER BY f.id LIMIT $2 FOR UPDATE OF f SKIP LOCKED)
       RETURNING company_id`,
      [cutoff, limit],
    );
    return { n: rows.length, touched: [['sign_flows', 'delete', companiesOf(rows)]] };
  };

/**
 * Real-name checks no evidence cites (by id, or as the same task worker's) whose engagement ended
 * more than a year ago: a check behind a signature goes only after that signature's evidence.
 */
const realnameChecks =
  (now: Date): Batch =>
  async (t, limit) => {
    const cutoff = yearsBefore(now, RETENTION_RULES.realnameYears);
    const rows = await asRetention(t, () =>
      t.query<{ company_id: number }>(
        `DELETE FROM realname_checks WHERE id IN (
           SELECT c.id FROM realname_checks c
            WHERE c.checked_at < $1
              AND NOT EXISTS (SELECT 1 FROM sign_evidence e WHERE e.realname_check_id = c.id)
              AND NOT EXISTS (SELECT 1 FROM sign_evidence e WHERE e.task_worker_id = c.task_worker_id AND e.company_id = c.company_id)
              AND flex_engagement_end(c.company_id, c.task_worker_id) < $1
            ORDER BY c.id LIMIT $2 FOR UPDATE OF c SKIP LOCKED)
         RETURNING company_id`,
        [cutoff, limit],
      ),
    );
    return { n: rows.length, touched: [['realname_checks', 'delete', companiesOf(rows)]] };
  };

/** The media rows go now (no link can be signed for them any more), their images at the video service by the queue. */
async function dropPhotos(t: Db, photos: { media_id: string; task_worker_id: number }[], now: Date): Promise<void> {
  if (!photos.length) return;
  await t.query(
    `WITH gone AS (
       DELETE FROM media m USING unnest($1::text[], $2::int[]) AS x (media_id, task_worker_id)
        WHERE m.media_id = x.media_id AND m.task_worker_id = x.task_worker_id
       RETURNING m.media_id, m.kind)
     INSERT INTO retention_media_deletes (media_id, kind, queued_at)
     SELECT media_id, 'image', $3 FROM gone WHERE kind = 'image' ON CONFLICT (media_id) DO NOTHING`,
    [photos.map((p) => p.media_id), photos.map((p) => p.task_worker_id), now],
  );
}

/**
 * The photos of a delivery whose engagement ended more than 5 years ago: the delivery's row stays,
 * marked (HR's list and the worker's page say 已按保存期限删除), the file goes.
 */
const deliveryPhotos =
  (now: Date): Batch =>
  async (t, limit) => {
    const cutoff = yearsBefore(now, RETENTION_RULES.deliveryPhotoYears);
    const rows = await t.query<{ company_id: number; media_id: string; task_worker_id: number }>(
      `UPDATE flex_delivery_files f SET purged_at = $3
         FROM (SELECT task_worker_id, media_id, company_id FROM flex_delivery_files
                WHERE purged_at IS NULL AND created_at < $1 AND flex_engagement_end(company_id, task_worker_id) < $1
                ORDER BY created_at, task_worker_id, position LIMIT $2 FOR UPDATE SKIP LOCKED) AS due
        WHERE f.task_worker_id = due.task_worker_id AND f.media_id = due.media_id AND f.company_id = due.company_id
        RETURNING f.company_id, f.media_id, f.task_worker_id`,
      [cutoff, limit, now],
    );
    await dropPhotos(t, rows, now);
    return { n: rows.length, touched: [['delivery_photos', 'clear', companiesOf(rows)]] };
  };

/**
 * A task worker's photos no delivery names, 30 days after the upload: the set a new delivery
 * replaced after 驳回, uploads never delivered, the photos of a person removed from the task.
 * Counted for the task's company while the task worker's row exists (else platform-wide).
 */
const unlinkedPhotos =
  (now: Date): Batch =>
  async (t, limit) => {
    const rows = await t.query<{ media_id: string; task_worker_id: number; company_id: number | null }>(
      `SELECT m.media_id, m.task_worker_id, (SELECT w.company_id FROM flex_task_workers w WHERE w.id = m.task_worker_id) AS company_id
         FROM media m
        WHERE m.task_worker_id IS NOT NULL AND m.kind = 'image' AND m.created_at < $1
          AND NOT EXISTS (SELECT 1 FROM flex_delivery_files f WHERE f.media_id = m.media_id AND f.task_worker_id = m.task_worker_id)
        ORDER BY m.created_at LIMIT $2 FOR UPDATE OF m SKIP LOCKED`,
      [addDays(now, -RETENTION_RULES.unlinkedPhotoDays), limit],
    );
    await dropPhotos(t, rows, now);
    return { n: rows.length, touched: [['unlinked_photos', 'delete', companiesOf(rows)]] };
  };

/** Evidence first: a real-name check goes only once the evidence and the flows citing it have gone. */
export const employmentSweeps = (now: Date): Batch[] => [signEvidence(now), signFlows(now), realnameChecks(now), deliveryPhotos(now), unlinkedPhotos(now)];
