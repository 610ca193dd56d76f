/**
 * The acceptance-auto job (jobs/acceptance.ts) with a fixed clock, over the real server (PGlite,
 * or PostgreSQL with DATABASE_URL): a delivery past its task's 自动验收天数 is accepted as HR's
 * 验收通过 would be (the list shows 系统自动验收, a batch made from accepted deliveries pays it); one
 * not yet due, one HR already accepted or rejected, a 0-day task, an unsigned person and another
 * company's task on its own days are left alone; a second run — and the queued job — accept nothing
 * more.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkerListData } from '../../contract/employment';
import { sealPii } from '../lib/pii';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { startJobs, type Jobs } from '.';
import { AUTO_ACCEPT_OPERATOR, autoAcceptDeliveries, autoAcceptJob } from './acceptance';
import { mobileIndex } from '../domain/users';

const DAY = 86_400_000;
/** the job's clock: fixed, so "due" is exact (the seed's own delivery, 1 day old at seeding, is not due) */
const T = new Date(Math.floor(Date.now() / 1000) * 1000);
const ago = (days: number) => new Date(T.getTime() - days * DAY);

let s: TestServer;
let member: string;
let hr = 0;
let c1 = 0;
let c2 = 0;
let jobs: Jobs | null = null;
const schema = `pgboss_acc_${randomBytes(4).toString('hex')}`;
beforeAll(async () => {
  s = await startTestServer();
  member = await s.tokenFor('13800000001');
  const u = (await s.db.one<{ id: number; company_id: number }>(`SELECT id, company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!;
  hr = u.id;
  c1 = u.company_id;
  c2 = (await s.db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000002')}'`))!.company_id;
}, 60_000);
afterAll(async () => {
  await jobs?.stop(1000).catch(() => undefined);
  if (s?.db.kind === 'pg') await s.db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await s?.close();
}, 60_000);

let seq = 0;
async function task(companyId: number, days: number, opts: { status?: string; needSign?: boolean } = {}): Promise<number> {
  const r = await s.db.one<{ id: number }>(
    `INSERT INTO flex_tasks (company_id, task_no, name, status, auto_accept_days, need_sign, public_token)
     VALUES ($1, 'RWA' || floor(random()*1e9)::text, '门店陈列验收', $2, $3, $4, md5(random()::text)) RETURNING id`,
    [companyId, opts.status ?? 'ongoing', days, opts.needSign ?? true],
  );
  return r!.id;
}

/** a person of the task in `work` (delivered `deliveredDaysAgo` days before T), paid 120.00 */
async function person(taskId: number, work: 'delivered' | 'accepted' | 'rejected', deliveredDaysAgo: number, opts: { signed?: boolean } = {}): Promise<number> {
  seq++;
  const companyId = (await s.db.one<{ company_id: number }>('SELECT company_id FROM flex_tasks WHERE id = $1', [taskId]))!.company_id;
  const m = sealPii('mobile', `137${String(20_000_000 + seq).slice(-8)}`);
  const c = sealPii('id_card', `1101051949123${String(500 + seq).padStart(4, '0')}X`);
  const w = await s.db.one<{ id: number }>(
    `INSERT INTO flex_workers (company_id, name, mobile_enc, mobile_bidx, mobile_mask, cert_no_enc, cert_no_bidx, cert_no_mask)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [companyId, `李${'甲乙丙丁戊己庚辛壬癸'[seq % 10]}`, m.enc, `${m.bidx}a${seq}`, m.mask, c.enc, `${c.bidx}a${seq}`, c.mask],
  );
  const tw = await s.db.one<{ id: number }>(
    `INSERT INTO flex_task_workers (task_id, company_id, worker_id, source, work_status, sign_status, amount, invite_token,
                                    delivery_note, delivered_at, accepted_at, accepted_by, reject_reason)
     VALUES ($1, $2, $3, 'named', $4, $5, 12000, md5(random()::text), '陈列照片已上传', $6, $7, $8, $9) RETURNING id`,
    [
      taskId,
      companyId,
      w!.id,
      work,
      opts.signed === false ? 'pending' : 'signed',
      ago(deliveredDaysAgo),
      work === 'accepted' ? ago(deliveredDaysAgo - 1) : null,
      work === 'accepted' ? hr : null,
      work === 'rejected' ? '照片不清晰' : '',
    ],
  );
  return tw!.id;
}

const row = (id: number) =>
  s.db.one<{ work_status: string; accepted_at: Date | null; accepted_by: number | null; accepted_auto: boolean; reject_reason: string }>(
    'SELECT work_status, accepted_at, accepted_by, accepted_auto, reject_reason FROM flex_task_workers WHERE id = $1',
    [id],
  );

describe('acceptance-auto (自动验收)', () => {
  it('accepts what is due once, as HR would; leaves everything else alone', async () => {
    const t3 = await task(c1, 3);
    const due = await person(t3, 'delivered', 3.5);
    const edge = await person(t3, 'delivered', 3); // exactly 3 days: not "more than"
    const fresh = await person(t3, 'delivered', 1);
    const byHr = await person(t3, 'accepted', 10);
    const rejected = await person(t3, 'rejected', 10);
    const unsigned = await person(t3, 'delivered', 10, { signed: false });
    const never = await person(await task(c1, 0), 'delivered', 30);
    const canceled = await person(await task(c1, 3, { status: 'canceled' }), 'delivered', 10);
    const ended = await person(await task(c1, 3, { status: 'ended' }), 'delivered', 10);
    const noSign = await person(await task(c1, 3, { needSign: false }), 'delivered', 10, { signed: false });
    // another company's task on its own days: 10 days, delivered 5 days ago
    const other = await person(await task(c2, 10), 'delivered', 5);
    const otherDue = await person(await task(c2, 2), 'delivered', 5);

    const first = await autoAcceptDeliveries(s.db, T);
    expect(first.map((r) => r.id).sort((a, b) => a - b)).toEqual([due, ended, noSign, otherDue].sort((a, b) => a - b));
    expect(first.find((r) => r.id === otherDue)!.company_id).toBe(c2);
    expect(await row(due)).toEqual({ work_status: 'accepted', accepted_at: T, accepted_by: null, accepted_auto: true, reject_reason: '' });
    for (const id of [edge, fresh, unsigned, never, canceled, other]) expect((await row(id))!.work_status).toBe('delivered');
    expect(await row(byHr)).toMatchObject({ work_status: 'accepted', accepted_by: hr, accepted_auto: false, accepted_at: ago(9) });
    expect(await row(rejected)).toMatchObject({ work_status: 'rejected', reject_reason: '照片不清晰', accepted_auto: false });

    // run twice = once: nothing more, the first acceptance's time kept
    expect(await autoAcceptDeliveries(s.db, T)).toEqual([]);
    expect((await row(due))!.accepted_at).toEqual(T);

    // the delivery tab shows who accepted; a batch made from accepted deliveries pays it
    const list = WorkerListData.parse((await call(s.url, 'GET', `/ent/v3/employment/task/${t3}/workers?tab=delivery`, { token: member })).body.data);
    const by = Object.fromEntries(list.list.map((w) => [w.id, w]));
    expect(by[due]).toMatchObject({ work_status: 'accepted', accepted_by: AUTO_ACCEPT_OPERATOR, actions: [] });
    expect(by[byHr]!.accepted_by).not.toBe(AUTO_ACCEPT_OPERATOR);
    expect(by[byHr]!.accepted_by).not.toBe('');
    expect(by[fresh]).toMatchObject({ work_status: 'delivered', accepted_by: '', actions: ['accept', 'reject'] });
    const b = await call(s.url, 'POST', '/ent/v3/payout/batch', { form: { task_id: String(t3) }, token: member });
    expect(b.body.code, b.body.msg).toBe(200);
    const paid = await s.db.query<{ task_worker_id: number; amount: string }>(
      'SELECT task_worker_id, amount FROM payout_rows WHERE batch_id = $1 ORDER BY task_worker_id',
      [b.body.data.id],
    );
    expect(paid.map((p) => [p.task_worker_id, Number(p.amount)])).toEqual(
      [
        [due, 12000],
        [byHr, 12000],
      ].sort((x, y) => x[0]! - y[0]!),
    );
  });

  it('HR cannot review a delivery the system accepted; the queued job accepts once', async () => {
    const t = await task(c1, 1);
    const a = await person(t, 'delivered', 2);
    const b = await person(t, 'delivered', 2);
    jobs = await startJobs({ db: s.db, schema, pollingSeconds: 0.5, maintenanceSeconds: 1, now: () => T }, [autoAcceptJob]);
    await jobs.work();
    await jobs.send('acceptance-auto', {});
    await jobs.send('acceptance-auto', {});
    const t0 = Date.now();
    while (!(await row(a))!.accepted_auto || !(await row(b))!.accepted_auto) {
      if (Date.now() - t0 > 60_000) throw new Error('the job never ran');
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const id of [a, b]) expect(await row(id)).toMatchObject({ work_status: 'accepted', accepted_at: T, accepted_auto: true });
    const r = await call(s.url, 'POST', `/ent/v3/employment/task-worker/${a}/action`, { form: { action: 'reject', reason: '不合格' }, token: member });
    expect(r.body.code).toBe(409);
    expect(r.body.msg).toBe('只有已交付的人员可以驳回');
    expect((await row(a))!.work_status).toBe('accepted');
  }, 120_000);
});
