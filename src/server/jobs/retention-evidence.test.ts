/**
 * Retention of issue 29's evidence (domain/accounts/retention-employment.ts, retention-media.ts;
 * docs/pii.md "Retention") over a real database and the demo's video service and store: a
 * signature's evidence 5 years after the engagement ended, real-name checks no evidence cites 1
 * year after it, a delivery's photos 5 years after it (the files deleted at the video service by
 * the retention-media job), photos no delivery names 30 days after their upload. Each kind gone
 * and counted per company when due; kept when not — evidence of a signature whose task is still
 * open is never touched, however old; HR's pages say 已按保存期限删除; and the append-only guards
 * of migration 055 still refuse every ordinary UPDATE, DELETE and TRUNCATE, and the retention
 * setting never opens a row inside its period.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, entCalls, useTestServer } from '../../../tests/setup/server';
import { decode, sandboxOss, sandboxVod, type Cred } from '../../../tests/setup/sandbox-upload';
import { workerInvites } from '../../../tests/setup/worker-invite';
import { makeIdCard } from '../db/seeds/dimission';
import { deleteQueuedMedia } from '../domain/accounts/retention-media';
import { MSG_EVIDENCE_PURGED, RETENTION_RULES, yearsBefore } from '../domain/accounts/retention-rules';
import { applyRetention } from '../domain/accounts/retention-sweep';
import { uploadCredentials } from '../domain/media/sts';
import { serverVod } from '../routes/upload';
import { cloudOf, SANDBOX_BUCKET } from '../sandbox/cloud';
import { serverJobs } from '../server-jobs';
import { addDays } from '../lib/time';
import { RETENTION_MEDIA_JOB } from './retention';

const s = useTestServer();
const { get } = entCalls(s);
let member: string, c1: number;
beforeAll(async () => {
  ({ member, c1 } = await demoAccounts(s));
});
const w = workerInvites(
  s,
  () => member,
  () => c1,
);
const now = new Date();
const yearsAgo = (n: number, days = 0) => addDays(yearsBefore(now, n), -days);
const hex = () => randomBytes(32).toString('hex');

let seq = 0;
/**
 * A task worker of company 1 who signed on `signedAt`; the task ended at `endedAt` (null: still
 * running). Answers the task and the task-worker row.
 */
async function engagement(o: { signedAt: Date; endedAt: Date | null; work?: 'accepted' | 'delivered' }) {
  const n = ++seq;
  const taskId = await w.recruitingTask();
  const { rowId } = await w.invite(taskId, {
    name: `周${'一二三四五六七八九'[n % 9]}`,
    mobile: `1396800${String(1000 + n).slice(-4)}`,
    cert_no: makeIdCard('330106', '1990-01-01', 500 + n),
  });
  await s.db.query(
    `UPDATE flex_task_workers SET sign_status = 'signed', signed_at = $2::timestamptz, work_status = $3::text, delivered_at = $2::timestamptz,
            accepted_at = CASE WHEN $3::text = 'accepted' THEN $2::timestamptz END
      WHERE id = $1`,
    [rowId, o.signedAt, o.work ?? 'accepted'],
  );
  if (o.endedAt) await s.db.query(`UPDATE flex_tasks SET status = 'ended', ended_at = $2 WHERE id = $1`, [taskId, o.endedAt]);
  else await s.db.query(`UPDATE flex_tasks SET status = 'ongoing' WHERE id = $1`, [taskId]);
  const workerId = (await s.db.one<{ worker_id: number }>('SELECT worker_id FROM flex_task_workers WHERE id = $1', [rowId]))!.worker_id;
  return { taskId, rowId, workerId };
}

/** A real-name check's row (as realname.ts writes it). */
async function check(e: { taskId: number; rowId: number; workerId: number }, at: Date, method = 'base2') {
  return (await s.db.one<{ id: number }>(
    `INSERT INTO realname_checks (company_id, worker_id, task_id, task_worker_id, provider, method, result, provider_code, verify_id, checked_at)
     VALUES ($1, $2, $3, $4, 'esign', $5, 'consistent', 0, $6, $7) RETURNING id`,
    [c1, e.workerId, e.taskId, e.rowId, method, `v-${hex().slice(0, 12)}`, at],
  ))!.id;
}

/** A signature's evidence row (as sign-evidence.ts writes it), citing `checkId`. */
async function evidence(e: { taskId: number; rowId: number; workerId: number }, at: Date, checkId: number | null) {
  return (await s.db.one<{ id: number }>(
    `INSERT INTO sign_evidence (company_id, task_id, task_worker_id, worker_id, agreement_id, agreement_bucket, agreement_key, agreement_sha256,
       realname_check_id, intent_sms_id, intent_sent_at, intent_verified_at, ip, user_agent, record, record_sha256, tsa_token, tsa_serial,
       tsa_time, tsa_name, tsa_cert, signed_at)
     VALUES ($1, $2, $3, $4, 1, $5, 'c1/attached/x.pdf', $6, $7, 1, $8, $8, '203.0.113.9', 'UA', '{}', $6, $9, '01', $8, 'TSA', 'PEM', $8) RETURNING id`,
    [c1, e.taskId, e.rowId, e.workerId, SANDBOX_BUCKET, hex(), checkId, at, randomBytes(16)],
  ))!.id;
}

/** A photo the task worker uploaded through the demo's video service and store (its media row as registration writes it). */
async function photo(rowId: number, createdAt: Date) {
  const sts = (await uploadCredentials(
    s.db,
    { user_id: null, company_id: null, task_worker_id: rowId },
    { sts: null, where: {}, now: new Date(), log: () => {} },
  )) as Cred;
  const r = await sandboxVod(s, sts).request<{ ImageId: string; UploadAddress: string; UploadAuth: string }>('CreateUploadImage', {
    ImageType: 'default',
    ImageExt: 'jpg',
    Title: '值守记录',
  });
  const addr = decode<{ Bucket: string; FileName: string }>(r.UploadAddress);
  await sandboxOss(s, decode<Cred>(r.UploadAuth), addr.Bucket).put(addr.FileName, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(500)]));
  await s.db.query(
    `INSERT INTO media (media_id, kind, task_worker_id, title, file_name, file_size, mime, bucket, object_key, status, created_at)
     VALUES ($1, 'image', $2, '值守记录', '值守记录.jpg', 504, 'image/jpeg', $3, $4, 'Normal', $5)`,
    [r.ImageId, rowId, addr.Bucket, addr.FileName, createdAt],
  );
  return { id: r.ImageId, key: addr.FileName };
}
async function deliver(rowId: number, ids: string[], at: Date) {
  for (const [i, id] of ids.entries()) {
    await s.db.query(`INSERT INTO flex_delivery_files (company_id, task_worker_id, media_id, position, created_at) VALUES ($1, $2, $3, $4, $5)`, [
      c1,
      rowId,
      id,
      i + 1,
      at,
    ]);
  }
}

const stored = async (key: string) => !!(await s.db.one('SELECT 1 FROM oss_objects WHERE bucket = $1 AND object_key = $2', [SANDBOX_BUCKET, key]));
const exists = async (sql: string, args: unknown[]) => !!(await s.db.one(sql, args));
const hrRow = async (taskId: number, rowId: number) =>
  (
    (await get(`/employment/task/${taskId}/workers?tab=delivery`, member)).body.data.list as {
      id: number;
      has_evidence: boolean;
      evidence_purged: boolean;
      delivery_photos: { media_id: string; url: string; purged: boolean; file_name: string }[];
    }[]
  ).find((x) => x.id === rowId)!;

describe('retention of signature evidence, real-name checks and delivery photos', () => {
  it('deletes each kind when due and counts it per company; keeps what is not due, evidence of an open task above all; HR’s pages say why', async () => {
    // due: the task ended 6 years ago — evidence, its check and another of the same person, two delivered photos
    const old = await engagement({ signedAt: yearsAgo(6, 40), endedAt: yearsAgo(6) });
    const oldCheck = await check(old, yearsAgo(6, 41));
    const oldCheck2 = await check(old, yearsAgo(6, 41), 'telecom3');
    const oldEvidence = await evidence(old, yearsAgo(6, 40), oldCheck2);
    const p1 = await photo(old.rowId, yearsAgo(6, 10));
    const p2 = await photo(old.rowId, yearsAgo(6, 10));
    await deliver(old.rowId, [p1.id, p2.id], yearsAgo(6, 10));
    // not due: ended 4 years ago (one short of 5)
    const recent = await engagement({ signedAt: yearsAgo(4, 30), endedAt: yearsAgo(4) });
    const recentCheck = await check(recent, yearsAgo(4, 31));
    const recentEvidence = await evidence(recent, yearsAgo(4, 30), recentCheck);
    const p3 = await photo(recent.rowId, yearsAgo(4, 5));
    await deliver(recent.rowId, [p3.id], yearsAgo(4, 5));
    // never due while its task runs: signed 7 years ago, task still open
    const open = await engagement({ signedAt: yearsAgo(7), endedAt: null });
    const openCheck = await check(open, yearsAgo(7, 1));
    const openEvidence = await evidence(open, yearsAgo(7), openCheck);
    const p4 = await photo(open.rowId, yearsAgo(7));
    await deliver(open.rowId, [p4.id], yearsAgo(7));
    // ended 6 years ago but a delivery still waits for 验收: the engagement is not over
    const waiting = await engagement({ signedAt: yearsAgo(6, 40), endedAt: yearsAgo(6), work: 'delivered' });
    const waitingEvidence = await evidence(waiting, yearsAgo(6, 40), null);
    // checks without a signature: ended 2 years ago (due), half a year ago (not)
    const unsignedOld = await engagement({ signedAt: yearsAgo(2, 10), endedAt: yearsAgo(2) });
    const unsignedOldCheck = await check(unsignedOld, yearsAgo(2, 10));
    const unsignedNew = await engagement({ signedAt: addDays(now, -200), endedAt: addDays(now, -180) });
    const unsignedNewCheck = await check(unsignedNew, addDays(now, -200));
    // photos no delivery names: 31 days old (due), 10 days old (not)
    const stray = await photo(recent.rowId, addDays(now, -31));
    const fresh = await photo(recent.rowId, addDays(now, -10));

    const r = await applyRetention(s.db, now);
    expect(r.counts).toMatchObject({
      'sign_evidence:delete': 1,
      'realname_checks:delete': 3,
      'delivery_photos:clear': 2,
      'unlinked_photos:delete': 1,
    });
    const runs = await s.db.query<{ kind: string; action: string; row_count: number }>(
      `SELECT kind, action, row_count FROM retention_runs WHERE company_id = $1 AND ran_at = $2 AND kind IN ('sign_evidence', 'realname_checks', 'delivery_photos', 'unlinked_photos') ORDER BY kind`,
      [c1, now],
    );
    expect(runs).toEqual([
      { kind: 'delivery_photos', action: 'clear', row_count: 2 },
      { kind: 'realname_checks', action: 'delete', row_count: 3 },
      { kind: 'sign_evidence', action: 'delete', row_count: 1 },
      { kind: 'unlinked_photos', action: 'delete', row_count: 1 },
    ]);

    // gone: the evidence, both checks of that signature, the old unsigned check, the photos' media rows
    expect(await exists('SELECT 1 FROM sign_evidence WHERE id = $1', [oldEvidence])).toBe(false);
    for (const id of [oldCheck, oldCheck2, unsignedOldCheck]) expect(await exists('SELECT 1 FROM realname_checks WHERE id = $1', [id])).toBe(false);
    for (const id of [p1.id, p2.id, stray.id]) expect(await exists('SELECT 1 FROM media WHERE media_id = $1', [id])).toBe(false);
    // kept: evidence short of 5 years, of an open task (signed 7 years ago), of a delivery waiting for 验收; checks they cite; a young check
    for (const id of [recentEvidence, openEvidence, waitingEvidence]) expect(await exists('SELECT 1 FROM sign_evidence WHERE id = $1', [id])).toBe(true);
    for (const id of [recentCheck, openCheck, unsignedNewCheck]) expect(await exists('SELECT 1 FROM realname_checks WHERE id = $1', [id])).toBe(true);
    for (const p of [p3, p4, fresh]) {
      expect(await exists('SELECT 1 FROM media WHERE media_id = $1', [p.id])).toBe(true);
      expect(await stored(p.key)).toBe(true);
    }

    // HR: the evidence page and the list say why; the delivery keeps the photos' places, marked, without links
    expect((await get(`/employment/task-worker/${old.rowId}/evidence`, member)).body).toMatchObject({ code: 404, msg: MSG_EVIDENCE_PURGED });
    const row = await hrRow(old.taskId, old.rowId);
    expect(row).toMatchObject({ has_evidence: false, evidence_purged: true });
    expect(row.delivery_photos).toEqual([
      { media_id: p1.id, file_name: '', size: 0, url: '', purged: true },
      { media_id: p2.id, file_name: '', size: 0, url: '', purged: true },
    ]);
    const kept = await hrRow(recent.taskId, recent.rowId);
    expect(kept).toMatchObject({ has_evidence: true, evidence_purged: false });
    expect(kept.delivery_photos).toEqual([expect.objectContaining({ media_id: p3.id, purged: false, url: expect.stringContaining(p3.key.split('/').pop()!) })]);

    // the files: queued, then deleted at the video service (record and object) by the retention-media job's work
    const queued = await s.db.query<{ media_id: string }>('SELECT media_id FROM retention_media_deletes ORDER BY media_id');
    expect(queued.map((q) => q.media_id).sort()).toEqual([p1.id, p2.id, stray.id].sort());
    for (const p of [p1, p2, stray]) expect(await stored(p.key)).toBe(true);
    const vod = serverVod(s.app, { sandbox: true })!.client;
    // a video service that cannot answer: nothing leaves the queue, the try is counted
    cloudOf(s.app).faults.vodFail = 1;
    expect(await deleteQueuedMedia(s.db, vod)).toEqual({ deleted: 0, failed: 'ServiceUnavailable' });
    expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM retention_media_deletes WHERE tries = 1'))!.n).toBe(3);
    expect(await deleteQueuedMedia(s.db, vod)).toEqual({ deleted: 3, failed: null });
    for (const p of [p1, p2, stray]) {
      expect(await stored(p.key)).toBe(false);
      expect(await exists('SELECT 1 FROM vod_media WHERE media_id = $1', [p.id])).toBe(false);
    }
    for (const p of [p3, p4, fresh]) expect(await stored(p.key)).toBe(true);
    expect(await exists('SELECT 1 FROM retention_media_deletes', [])).toBe(false);
    // an id the service no longer knows is already gone
    await s.db.query(`INSERT INTO retention_media_deletes (media_id, kind, queued_at) VALUES ('no-such-image', 'image', now())`);
    expect(await deleteQueuedMedia(s.db, vod)).toEqual({ deleted: 1, failed: null });

    // a second run finds nothing of these kinds
    const again = await applyRetention(s.db, now);
    for (const k of ['sign_evidence:delete', 'realname_checks:delete', 'delivery_photos:clear', 'unlinked_photos:delete'])
      expect(again.counts[k]).toBeUndefined();
  });

  it('a person removed from a task ends their engagement then: their evidence is kept 5 years from the removal', async () => {
    const e = await engagement({ signedAt: yearsAgo(8), endedAt: null });
    const ev = await evidence(e, yearsAgo(8), null);
    await s.db.query(`UPDATE flex_task_workers SET work_status = 'working', delivered_at = NULL, accepted_at = NULL WHERE id = $1`, [e.rowId]);
    const removed = await entCalls(s).post(`/employment/task-worker/${e.rowId}/action`, { action: 'remove' }, member);
    expect(removed.body.code, removed.body.msg).toBe(200);
    const end = await s.db.one<{ ended_at: Date }>('SELECT ended_at FROM flex_engagement_ends WHERE task_worker_id = $1', [e.rowId]);
    expect(Math.abs(end!.ended_at.getTime() - Date.now())).toBeLessThan(60_000);
    await applyRetention(s.db, now);
    expect(await exists('SELECT 1 FROM sign_evidence WHERE id = $1', [ev])).toBe(true);
    // five years later (the removal moved back instead)
    await s.db.query('UPDATE flex_engagement_ends SET ended_at = $2 WHERE task_worker_id = $1', [e.rowId, yearsAgo(RETENTION_RULES.evidenceYears, 2)]);
    expect((await applyRetention(s.db, now)).counts['sign_evidence:delete']).toBe(1);
    expect(await exists('SELECT 1 FROM sign_evidence WHERE id = $1', [ev])).toBe(false);
  });

  it('the guards still refuse every ordinary change, and the retention setting opens only a row past its period', async () => {
    const due = await engagement({ signedAt: yearsAgo(6, 40), endedAt: yearsAgo(6) });
    const dueCheck = await check(due, yearsAgo(6, 41));
    const dueEvidence = await evidence(due, yearsAgo(6, 40), dueCheck);
    const young = await engagement({ signedAt: yearsAgo(3), endedAt: yearsAgo(2) });
    const youngEvidence = await evidence(young, yearsAgo(3), null);
    const refused = (sql: string, args: unknown[] = [], retention = false) =>
      expect(
        s.db.tx(async (t) => {
          if (retention) await t.query(`SELECT set_config('hr.retention', 'on', true)`);
          await t.query(sql, args);
        }),
      ).rejects.toThrow(/append-only|kept/);
    // ordinary DELETE and UPDATE, even of a row past its period; TRUNCATE
    await refused('DELETE FROM sign_evidence WHERE id = $1', [dueEvidence]);
    await refused(`UPDATE sign_evidence SET ip = '0.0.0.0' WHERE id = $1`, [dueEvidence]);
    await refused(`UPDATE sign_evidence SET ip = '0.0.0.0' WHERE id = $1`, [dueEvidence], true);
    await refused('DELETE FROM realname_checks WHERE id = $1', [dueCheck]);
    await refused(`UPDATE realname_checks SET result = 'inconsistent' WHERE id = $1`, [dueCheck], true);
    await expect(s.db.exec('TRUNCATE sign_evidence')).rejects.toThrow(/append-only/);
    await expect(s.db.exec('TRUNCATE realname_checks')).rejects.toThrow(/append-only/);
    // the setting on: a row inside its period stays; a check cited by evidence stays while the evidence does
    await refused('DELETE FROM sign_evidence WHERE id = $1', [youngEvidence], true);
    await refused('DELETE FROM realname_checks WHERE id = $1', [dueCheck], true);
    // …and the row past its period goes, then its check
    await s.db.tx(async (t) => {
      await t.query(`SELECT set_config('hr.retention', 'on', true)`);
      await t.query('DELETE FROM sign_evidence WHERE id = $1', [dueEvidence]);
      await t.query('DELETE FROM realname_checks WHERE id = $1', [dueCheck]);
    });
    expect(await exists('SELECT 1 FROM sign_evidence WHERE id = $1', [youngEvidence])).toBe(true);
    // the setting is the transaction's own: the next one has it off
    await refused('DELETE FROM sign_evidence WHERE id = $1', [youngEvidence]);
  });

  it('e签宝 signing flows (054): the signed PDF and the flows go with their evidence; a flow no evidence came of, a year after the engagement', async () => {
    /** a signing flow row (as sign-flow.ts writes it) */
    const flow = async (e: { taskId: number; rowId: number; workerId: number }, at: Date, status: string, checkId: number | null) =>
      (await s.db.one<{ id: number }>(
        `INSERT INTO esign_sign_flows (company_id, task_id, task_worker_id, worker_id, agreement_id, agreement_sha256, status, sign_flow_id,
           realname_check_id, intent_sms_id, intent_sent_at, intent_verified_at, ip, user_agent, created_at, finished_at)
         VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $8, 1, $9, $9, '203.0.113.9', 'UA', $9, $9) RETURNING id`,
        [c1, e.taskId, e.rowId, e.workerId, hex(), status, `flow-${hex().slice(0, 16)}`, checkId, at],
      ))!.id;
    const file = (evidenceId: number, at: Date) =>
      s.db.query(
        `INSERT INTO sign_evidence_files (company_id, evidence_id, file_name, sha256, size, content, created_at) VALUES ($1, $2, '签署后.pdf', $3, 4, $4, $5)`,
        [c1, evidenceId, hex(), Buffer.from('%PDF'), at],
      );
    // signed 6 years ago, ended 6 years ago: evidence, signed file and both flows (a refused one first) due
    const old = await engagement({ signedAt: yearsAgo(6, 40), endedAt: yearsAgo(6) });
    const oldCheck = await check(old, yearsAgo(6, 41));
    const refusedFirst = await flow(old, yearsAgo(6, 45), 'refused', oldCheck);
    const completed = await flow(old, yearsAgo(6, 40), 'completed', oldCheck);
    const oldEvidence = await evidence(old, yearsAgo(6, 40), oldCheck);
    await file(oldEvidence, yearsAgo(6, 40));
    // kept: evidence 4 years after its end, with its file and flow
    const recent = await engagement({ signedAt: yearsAgo(4, 30), endedAt: yearsAgo(4) });
    const recentFlow = await flow(recent, yearsAgo(4, 30), 'completed', null);
    const recentEvidence = await evidence(recent, yearsAgo(4, 30), null);
    await file(recentEvidence, yearsAgo(4, 30));
    // no evidence came of these: refused 2 years after the end (due), expired half a year after (not)
    const refused = await engagement({ signedAt: yearsAgo(2, 10), endedAt: yearsAgo(2) });
    const refusedCheck = await check(refused, yearsAgo(2, 11));
    const refusedFlow = await flow(refused, yearsAgo(2, 10), 'refused', refusedCheck);
    const expired = await engagement({ signedAt: addDays(now, -200), endedAt: addDays(now, -180) });
    const expiredFlow = await flow(expired, addDays(now, -200), 'expired', null);

    // the file's guard: not while its evidence is there, even with the setting on; never by an ordinary DELETE
    const guarded = (retention: boolean) =>
      expect(
        s.db.tx(async (t) => {
          if (retention) await t.query(`SELECT set_config('hr.retention', 'on', true)`);
          await t.query('DELETE FROM sign_evidence_files WHERE evidence_id = $1', [recentEvidence]);
        }),
      ).rejects.toThrow(/append-only|kept/);
    await guarded(false);
    await guarded(true);
    await expect(s.db.query(`UPDATE sign_evidence_files SET file_name = 'x.pdf' WHERE evidence_id = $1`, [recentEvidence])).rejects.toThrow(/append-only/);

    const r = await applyRetention(s.db, now);
    expect(r.counts).toMatchObject({ 'sign_evidence:delete': 1, 'sign_flows:delete': 1, 'realname_checks:delete': 2 });
    const flowExists = (id: number) => exists('SELECT 1 FROM esign_sign_flows WHERE id = $1', [id]);
    expect(await exists('SELECT 1 FROM sign_evidence_files WHERE evidence_id = $1', [oldEvidence])).toBe(false);
    for (const id of [refusedFirst, completed, refusedFlow]) expect(await flowExists(id)).toBe(false);
    for (const id of [oldCheck, refusedCheck]) expect(await exists('SELECT 1 FROM realname_checks WHERE id = $1', [id])).toBe(false);
    expect(await exists('SELECT 1 FROM sign_evidence_files WHERE evidence_id = $1', [recentEvidence])).toBe(true);
    for (const id of [recentFlow, expiredFlow]) expect(await flowExists(id)).toBe(true);

    // a person removed from a task with only a flow: the removal starts their clock (058's trigger)
    const gone = await engagement({ signedAt: addDays(now, -20), endedAt: null });
    await s.db.query(`UPDATE flex_task_workers SET work_status = 'working', delivered_at = NULL, accepted_at = NULL, sign_status = 'pending' WHERE id = $1`, [
      gone.rowId,
    ]);
    await flow(gone, addDays(now, -20), 'expired', null);
    const removed = await entCalls(s).post(`/employment/task-worker/${gone.rowId}/action`, { action: 'remove' }, member);
    expect(removed.body.code, removed.body.msg).toBe(200);
    expect(await exists('SELECT 1 FROM flex_engagement_ends WHERE task_worker_id = $1', [gone.rowId])).toBe(true);
  });

  it('the retention-media job runs with the video service, outside any transaction, every quarter of an hour', () => {
    const vod = serverVod(s.app, { sandbox: true })!.client;
    expect(serverJobs({ vod }).find((j) => j.name === RETENTION_MEDIA_JOB)).toMatchObject({ outside: true, cron: '*/15 * * * *' });
    expect(serverJobs({ vod: null }).find((j) => j.name === RETENTION_MEDIA_JOB)).toBeUndefined();
  });
});
