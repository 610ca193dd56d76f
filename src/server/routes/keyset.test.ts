/**
 * Keyset lists over real HTTP (issue 34): 费用记录, 操作日志, 人员库, 离职记录, a position's
 * applications, 已录用 and 邀请面试, and a payout batch's rows page by cursor — forward and back the same rows as by
 * page number, no row twice nor skipped when rows arrive while someone pages, only the company's
 * own rows, a stale cursor a clear 400. The kept counts (people per task, rows per batch by
 * status) equal a recount after every kind of change, and the rebuild puts them right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchDetail } from '../../contract/payouts';
import { log } from '../domain/payouts/batches';
import { post as ledgerPost } from '../domain/payouts/ledger';
import { encodeCursor } from '../lib/page';
import { sealPii } from '../lib/pii';
import { call, demoAccounts, startTestServer, type Env, type TestServer } from '../../../tests/setup/server';

let s: TestServer;
let member = '';
let other = '';
let c1 = 0;
let c2 = 0;
beforeAll(async () => {
  s = await startTestServer();
  ({ member, nonMember: other, c1, c2 } = await demoAccounts(s));
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const get = (path: string, token = member) => call<Env>(s.url, 'GET', `/ent/v3${path}`, { token });
const sep = (path: string) => (path.includes('?') ? '&' : '?');

/** How one list answers: its rows' ids and its cursors. */
interface ListShape {
  path: string;
  ids: (data: Env['data']) => number[];
  cursors: (data: Env['data']) => { next: string; prev: string; total: number };
}
const plain = (path: string): ListShape => ({
  path,
  ids: (d: { list: { id: number }[] }) => d.list.map((x) => x.id),
  cursors: (d: { next: string; prev: string; total: number }) => d,
});

async function page(l: ListShape, q: string) {
  const r = await get(`${l.path}${sep(l.path)}page_size=5&${q}`);
  expect(r.body.code, `${l.path} ${q}: ${r.body.msg}`).toBe(200);
  return { ids: l.ids(r.body.data), ...l.cursors(r.body.data) };
}

/** Every page by number (offset), then forward by `next` and back by `prev`: the same pages. */
async function walkBothWays(l: ListShape) {
  const first = await page(l, 'page=1');
  const pages = Math.ceil(first.total / 5);
  expect(pages, l.path).toBeGreaterThanOrEqual(3);
  const byNumber: number[][] = [];
  for (let p = 1; p <= pages; p++) byNumber.push((await page(l, `page=${p}`)).ids);
  const forward = [first];
  for (let p = 2; p <= pages; p++) forward.push(await page(l, `page=${p}&after=${forward[p - 2]!.next}`));
  expect(forward.map((x) => x.ids)).toEqual(byNumber);
  const back = [forward[pages - 1]!];
  for (let p = pages - 1; p >= 1; p--) back.unshift(await page(l, `page=${p}&before=${back[0]!.prev}`));
  expect(back.map((x) => x.ids)).toEqual(byNumber);
  expect(new Set(byNumber.flat()).size).toBe(byNumber.flat().length);
  return { byNumber, forward };
}

/**
 * Rows arrive at the head while someone is on page 2: the pages after it by cursor are the ones
 * they would have seen (nothing twice, nothing skipped); page 1 afresh shows the new rows.
 */
async function stableUnderInserts(l: ListShape, insert: () => Promise<number[]>) {
  const { byNumber, forward } = await walkBothWays(l);
  const added = await insert();
  const rest: number[] = [];
  let at = forward[1]!;
  for (let p = 3; p <= byNumber.length; p++) {
    at = await page(l, `page=${p}&after=${at.next}`);
    rest.push(...at.ids);
  }
  expect(rest).toEqual(byNumber.slice(2).flat());
  expect((await page(l, 'page=1')).ids.slice(0, added.length).sort()).toEqual([...added].sort());
  for (const bad of ['bm90LWEtY3Vyc29y', encodeCursor(['x', 1]), encodeCursor([1, 2, 3])]) {
    const r = await get(`${l.path}${sep(l.path)}page=2&after=${bad}`);
    expect([r.body.code, r.body.msg]).toEqual([400, '翻页位置已失效，请回到第一页']);
  }
}

let seq = 9100;
async function worker(companyId: number, name = '赵六') {
  seq++;
  const m = sealPii('mobile', `136${String(10_000_000 + seq).slice(-8)}`);
  const c = sealPii('id_card', `11010519491231${String(seq).slice(-3)}X`);
  return (await s.db.one<{ id: number }>(
    `INSERT INTO flex_workers (company_id, name, mobile_enc, mobile_bidx, mobile_mask, cert_no_enc, cert_no_bidx, cert_no_mask)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8) RETURNING id`,
    [companyId, name, m.enc, m.bidx, m.mask, c.enc, `${c.bidx}k${seq}`, c.mask],
  ))!.id;
}
async function record(companyId: number, leave: string) {
  seq++;
  const m = sealPii('mobile', `135${String(10_000_000 + seq).slice(-8)}`);
  const c = sealPii('id_card', `11010519800101${String(seq).slice(-3)}X`);
  return (await s.db.one<{ id: number }>(
    `INSERT INTO departure_records (company_id, source, name, id_card_enc, id_card_bidx, id_card_mask, mobile_enc, mobile_bidx, mobile_mask,
       dept_name, job_name, entry_date, leave_date, leave_type, legal_basis)
     VALUES ($1, 'manual', '钱多多', $2, $3, $4, $5, $6, $7, '市场部', '专员', '2015-01-01', $8, 'resign', 'art37') RETURNING id`,
    [companyId, c.enc, `${c.bidx}k${seq}`, c.mask, m.enc, m.bidx, m.mask, leave],
  ))!.id;
}
const topups = async (companyId: number, n: number, at = new Date()) => {
  for (let i = 0; i < n; i++) await ledgerPost(s.db, companyId, 'topup', 100 + i, { remark: '对公转账' }, at);
  return (await s.db.query<{ id: number }>('SELECT id FROM payout_ledger WHERE company_id = $1 ORDER BY id DESC LIMIT $2', [companyId, n])).map((r) => r.id);
};

describe('keyset lists', () => {
  it('费用记录: by time then id, rows of the same second apart, another company never in it', async () => {
    const same = new Date(Date.now() - 3_600_000);
    await topups(c1, 9, same);
    await topups(c2, 6, same);
    const l = plain('/payout/ledger');
    await stableUnderInserts(l, () => topups(c1, 3));
    const mine = (await s.db.query<{ id: number }>('SELECT id FROM payout_ledger WHERE company_id = $1', [c1])).map((r) => r.id);
    const { byNumber } = await walkBothWays(l);
    expect(byNumber.flat().sort()).toEqual(mine.sort());
    const r = await get('/payout/ledger?page_size=5', member);
    expect([r.body.data.total, r.body.data.total_more]).toEqual([mine.length, false]);
  });

  it('操作日志 and 人员库, newest first by id', async () => {
    const batch = (await s.db.one<{ id: number }>('SELECT id FROM payout_batches WHERE company_id = $1 ORDER BY id LIMIT 1', [c1]))!.id;
    const logs = async (n: number) => {
      for (let i = 0; i < n; i++) await log(s.db, c1, batch, '修改金额', `第${i}行`, '王丽娟', '127.0.0.1', new Date());
      return (await s.db.query<{ id: number }>('SELECT id FROM payout_logs WHERE company_id = $1 ORDER BY id DESC LIMIT $2', [c1, n])).map((r) => r.id);
    };
    await logs(12);
    await stableUnderInserts(plain('/payout/logs'), () => logs(2));
    for (let i = 0; i < 12; i++) await worker(c1);
    await worker(c2);
    await stableUnderInserts(plain('/employment/flex-workers'), async () => [await worker(c1), await worker(c1)]);
    const named = plain('/employment/flex-workers?keywords=赵六');
    const { byNumber } = await walkBothWays(named);
    const ref = await s.db.query<{ id: number }>(`SELECT id FROM flex_workers WHERE company_id = $1 AND name = '赵六' ORDER BY id DESC`, [c1]);
    expect(byNumber.flat()).toEqual(ref.map((r) => r.id));
  });

  it('离职记录: by departure day then id, many on one day', async () => {
    for (let i = 0; i < 8; i++) await record(c1, '2026-10-31');
    await record(c2, '2026-10-31');
    await stableUnderInserts(plain('/dimission/records'), async () => [await record(c1, '2099-01-01'), await record(c1, '2099-01-02')]);
    const ref = await s.db.query<{ id: number }>('SELECT id FROM departure_records WHERE company_id = $1 ORDER BY leave_date DESC, id DESC', [c1]);
    expect((await walkBothWays(plain('/dimission/records'))).byNumber.flat()).toEqual(ref.map((r) => r.id));
  });

  it("a position's applications", async () => {
    const pos = (await s.db.one<{ id: number }>(`SELECT id FROM positions WHERE company_id = $1 ORDER BY id LIMIT 1`, [c1]))!.id;
    const apply = async (n: number) => {
      const people = await s.db.query<{ id: number }>(
        'SELECT id FROM candidates WHERE id NOT IN (SELECT candidate_id FROM applications WHERE position_id = $1) ORDER BY id LIMIT $2',
        [pos, n],
      );
      const ids: number[] = [];
      for (const p of people)
        ids.push(
          (await s.db.one<{ id: number }>('INSERT INTO applications (position_id, company_id, candidate_id) VALUES ($1, $2, $3) RETURNING id', [
            pos,
            c1,
            p.id,
          ]))!.id,
        );
      return ids;
    };
    await apply(16);
    await stableUnderInserts(plain(`/position/${pos}/applications`), () => apply(2));
    expect((await get(`/position/${pos}/applications`, other)).body.msg).not.toBe('');
    expect((await get(`/position/${pos}/applications`, other)).body.code).not.toBe(200);
  });

  it("a position's 已录用 and 邀请面试: by hire / invitation time then id, many of one instant, the company's own only", async () => {
    // a position of its own: its people are only the rows made here
    const pos = (await s.db.one<{ id: number }>(
      `INSERT INTO positions (company_id, title, category, city, district, salary_min, salary_max, experience, education, headcount, description, address, contact_name, contact_tel, status)
       SELECT company_id, '分页测试', category, city, district, salary_min, salary_max, experience, education, headcount, description, address, contact_name, contact_tel, 'open'
         FROM positions WHERE company_id = $1 ORDER BY id LIMIT 1 RETURNING id`,
      [c1],
    ))!.id;
    const people = async (n: number) =>
      (
        await s.db.query<{ id: number }>(
          'SELECT id FROM candidates WHERE id NOT IN (SELECT candidate_id FROM applications WHERE position_id = $1) ORDER BY id LIMIT $2',
          [pos, n],
        )
      ).map((r) => r.id);
    const hireAt = async (n: number, at: string) => {
      const ids: number[] = [];
      for (const c of await people(n))
        ids.push(
          (await s.db.one<{ id: number }>(
            `INSERT INTO applications (position_id, company_id, candidate_id, status, hired_at) VALUES ($1, $2, $3, 'hired', $4) RETURNING id`,
            [pos, c1, c, at],
          ))!.id,
        );
      return ids;
    };
    const inviteAt = async (n: number, at: string) => {
      const ids: number[] = [];
      for (const c of await people(n)) {
        const app = (await s.db.one<{ id: number }>(
          `INSERT INTO applications (position_id, company_id, candidate_id, status) VALUES ($1, $2, $3, 'invited') RETURNING id`,
          [pos, c1, c],
        ))!.id;
        ids.push(
          (await s.db.one<{ id: number }>(
            `INSERT INTO interviews (company_id, candidate_id, position_id, application_id, type, pick_time, address, contacts_name, contacts_tel, created_at)
             VALUES ($1, $2, $3, $4, 'user', $5::timestamptz + interval '3 days', '杭州市西湖区', '王丽娟', '0571-88888888', $5) RETURNING id`,
            [c1, c, pos, app, at],
          ))!.id,
        );
      }
      return ids;
    };
    // 16 hired, 10 of them in one instant (the keyset's tie-break on id), and as many invitations
    await hireAt(10, '2026-03-01 10:00:00+08');
    for (let i = 0; i < 6; i++) await hireAt(1, `2026-02-0${i + 1} 09:00:00+08`);
    await inviteAt(10, '2026-03-01 10:00:00+08');
    for (let i = 0; i < 6; i++) await inviteAt(1, `2026-02-0${i + 1} 09:00:00+08`);
    const hired = plain(`/position/${pos}/hired`);
    await stableUnderInserts(hired, () => hireAt(2, '2099-01-01 10:00:00+08'));
    const hiredRef = await s.db.query<{ id: number }>(
      `SELECT id FROM applications WHERE position_id = $1 AND status = 'hired' ORDER BY COALESCE(hired_at, updated_at) DESC, id DESC`,
      [pos],
    );
    expect((await walkBothWays(hired)).byNumber.flat()).toEqual(hiredRef.map((r) => r.id));
    const invited = plain(`/position/${pos}/invited`);
    await stableUnderInserts(invited, () => inviteAt(2, '2099-01-01 10:00:00+08'));
    const invitedRef = await s.db.query<{ id: number }>('SELECT id FROM interviews WHERE position_id = $1 ORDER BY created_at DESC, id DESC', [pos]);
    expect((await walkBothWays(invited)).byNumber.flat()).toEqual(invitedRef.map((r) => r.id));
    const first = await get(`/position/${pos}/invited?page_size=5`);
    expect([first.body.data.total, first.body.data.total_more]).toEqual([invitedRef.length, false]);
    // another company: refused, with or without a cursor
    for (const path of [`/position/${pos}/hired`, `/position/${pos}/invited`, `/position/${pos}/invited?page=2&after=${first.body.data.next}`]) {
      const r = await get(path, other);
      expect(r.body.code, path).not.toBe(200);
      expect(r.body.msg, path).not.toBe('');
    }
  });
});

/** A task of `n` accepted, signed workers of company 1. */
async function taskWith(n: number) {
  const t = (await s.db.one<{ id: number }>(
    `INSERT INTO flex_tasks (company_id, task_no, name, status, public_token) VALUES ($1, 'KS' || floor(random()*1e9)::text, '仓库分拣', 'ongoing', md5(random()::text)) RETURNING id`,
    [c1],
  ))!.id;
  for (let i = 0; i < n; i++)
    await s.db.query(
      `INSERT INTO flex_task_workers (task_id, company_id, worker_id, source, work_status, sign_status, amount, invite_token, accepted_at)
       VALUES ($1,$2,$3,'named','accepted','signed',$4,md5(random()::text),now())`,
      [t, c1, await worker(c1, '孙七'), 1000 + i],
    );
  return t;
}

describe("a payout batch's rows", () => {
  it('page by cursor in row order; the figures come from the batch, 修改金额 works on any page', async () => {
    const task = await taskWith(13);
    const made = await call<Env>(s.url, 'POST', '/ent/v3/payout/batch', { form: { task_id: String(task) }, token: member });
    expect(made.body.code, made.body.msg).toBe(200);
    const b = BatchDetail.parse(made.body.data);
    expect([b.rows.length, b.rows_page.total, b.row_counts.all, b.row_counts.pending, b.head_count]).toEqual([13, 13, 13, 13, 13]);
    const l: ListShape = {
      path: `/payout/batch/${b.id}`,
      ids: (d: { rows: { id: number }[] }) => d.rows.map((x) => x.id),
      cursors: (d: { rows_page: { next: string; prev: string; total: number } }) => d.rows_page,
    };
    const { byNumber } = await walkBothWays(l);
    expect(byNumber.flat()).toEqual(b.rows.map((r) => r.id));
    const onPage3 = byNumber[2]![0]!;
    const edited = await call<Env>(s.url, 'POST', `/ent/v3/payout/batch/${b.id}/rows/${onPage3}/amount`, { form: { amount: '1234' }, token: member });
    expect(edited.body.code, edited.body.msg).toBe(200);
    const p3 = await get(`/payout/batch/${b.id}?page=3&page_size=5&after=${(await page(l, 'page=2&after=' + (await page(l, 'page=1')).next)).next}`);
    expect(p3.body.data.rows[0]).toMatchObject({ id: onPage3, amount: 1234 });
    expect(p3.body.data.gross).toBe(BatchDetail.parse(edited.body.data).gross);
    expect((await get(`/payout/batch/${b.id}`, other)).body.code).not.toBe(200);
  });
});

describe('kept counts', () => {
  const recount = async () => {
    const tasks = await s.db.query<{ id: number; kept: number[]; real: number[] }>(
      `SELECT t.id, ARRAY[t.applied_num, t.hired_num, t.signed_num, t.accepted_num] AS kept,
              ARRAY[count(w.id), count(w.id) FILTER (WHERE w.work_status IN ('hired', 'working', 'delivered', 'accepted')),
                    count(w.id) FILTER (WHERE w.sign_status = 'signed'), count(w.id) FILTER (WHERE w.work_status = 'accepted')]::int[] AS real
         FROM flex_tasks t LEFT JOIN flex_task_workers w ON w.task_id = t.id AND w.company_id = t.company_id GROUP BY t.id`,
    );
    const batches = await s.db.query<{ id: number; kept: number[]; real: number[] }>(
      `SELECT b.id, ARRAY[b.rows_pending, b.rows_paying, b.rows_success, b.rows_failed, b.rows_bounced, b.rows_cancelled] AS kept,
              ARRAY[count(r.id) FILTER (WHERE r.status = 'pending'), count(r.id) FILTER (WHERE r.status = 'paying'),
                    count(r.id) FILTER (WHERE r.status = 'success'), count(r.id) FILTER (WHERE r.status = 'failed'),
                    count(r.id) FILTER (WHERE r.status = 'bounced'), count(r.id) FILTER (WHERE r.status = 'cancelled')]::int[] AS real
         FROM payout_batches b LEFT JOIN payout_rows r ON r.batch_id = b.id AND r.company_id = b.company_id GROUP BY b.id`,
    );
    return [...tasks.map((t) => ({ ...t, id: `task ${t.id}` })), ...batches.map((b) => ({ ...b, id: `batch ${b.id}` }))];
  };
  const same = async (step: string) => {
    const rows = await recount();
    expect(rows.length).toBeGreaterThan(2);
    for (const r of rows) expect(r.kept, `${step}: ${r.id}`).toEqual(r.real);
  };

  it('people per task and rows per batch equal a recount after every kind of change', async () => {
    await same('seeded');
    const task = await taskWith(7);
    const tw = (await s.db.query<{ id: number }>('SELECT id FROM flex_task_workers WHERE task_id = $1 ORDER BY id', [task])).map((r) => r.id);
    await s.db.query(`UPDATE flex_task_workers SET work_status = 'applied', sign_status = 'pending' WHERE id = $1`, [tw[0]]);
    await s.db.query(`UPDATE flex_task_workers SET work_status = 'working', sign_status = 'refused' WHERE id = $1`, [tw[1]]);
    await same('worker states');
    const act = (id: number, action: string) => call<Env>(s.url, 'POST', `/ent/v3/employment/task-worker/${id}/action`, { form: { action }, token: member });
    expect((await act(tw[0]!, 'hire')).body.code).toBe(200);
    await same('hired over HTTP');
    const list = await get('/employment/tasks?page_size=50');
    const shown = (list.body.data.list as { id: number; applied_num: number; signed_num: number }[]).find((t) => t.id === task)!;
    expect([shown.applied_num, shown.signed_num]).toEqual([7, 5]);
    const made = BatchDetail.parse((await call<Env>(s.url, 'POST', '/ent/v3/payout/batch', { form: { task_id: String(task) }, token: member })).body.data);
    await same('batch made');
    const rows = (await s.db.query<{ id: number }>('SELECT id FROM payout_rows WHERE batch_id = $1 ORDER BY id', [made.id])).map((r) => r.id);
    for (const [i, st] of ['paying', 'success', 'failed'].entries()) await s.db.query('UPDATE payout_rows SET status = $2 WHERE id = $1', [rows[i], st]);
    await s.db.query(`UPDATE payout_rows SET status = 'bounced' WHERE id = $1`, [rows[1]]);
    await same('rows paid, failed, bounced');
    const d = BatchDetail.parse((await get(`/payout/batch/${made.id}?page_size=5`)).body.data);
    expect(d.row_counts).toMatchObject({ all: rows.length, paying: 1, bounced: 1, failed: 1 });
    // tw[0] and tw[1] were not accepted: they have no row in the batch
    await s.db.query('UPDATE flex_task_workers SET task_id = $2 WHERE id = $1', [tw[1], await taskWith(0)]);
    await s.db.query('DELETE FROM payout_rows WHERE id = $1', [rows[4]]);
    await s.db.query('DELETE FROM flex_task_workers WHERE id = $1', [tw[0]]);
    await same('moved and deleted');
    await s.db.query('UPDATE flex_tasks SET applied_num = applied_num + 3, signed_num = 0');
    await s.db.query('UPDATE payout_batches SET rows_success = rows_success + 2');
    await s.db.query('SELECT flex_task_counts_rebuild(), payout_batch_counts_rebuild()');
    await same('rebuilt');
  });
});
