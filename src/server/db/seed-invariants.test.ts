/**
 * The demo agrees with itself (issue 33 item 4): the seeded database checked generically, so a
 * seed step that writes around the product's path shows up here. Every paid batch has its
 * 操作日志 lines (创建, 提交, 确认发放, 通道结果 of each row) and its ledger rows; the ledger holds
 * (checkLedger); everyone a task's batches paid is in that task's 结算记录; the counts the console
 * shows (a task's tab counts, the urge notice, the home page's figures) equal the rows stored.
 */
import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../../tests/setup/db';
import { homeSummary } from '../domain/accounts/home';
import { pendingRequestCount } from '../domain/dimission/requests';
import { listTaskWorkers } from '../domain/employment/task-workers';
import { checkLedger } from '../domain/payouts/ledger';
import { listBatches } from '../domain/payouts/batches';

const db = useTestDb();
const noLink = () => null;

describe('the seeded demo', () => {
  it('every paid batch has its log lines and ledger rows; every company ledger holds', async () => {
    const companies = await db.query<{ company_id: number }>('SELECT DISTINCT company_id FROM payout_batches');
    expect(companies.length).toBeGreaterThan(0);
    for (const c of companies) expect(await checkLedger(db, c.company_id)).toEqual([]);
    const missing = await db.query<{ batch_no: string; parent: boolean; status: string; actions: string[] | null; results: number; rows: number }>(
      `SELECT b.batch_no, b.parent_id IS NOT NULL AS parent, b.status, (SELECT array_agg(DISTINCT l.action) FROM payout_logs l WHERE l.batch_id = b.id) AS actions,
              (SELECT count(*)::int FROM payout_logs l WHERE l.batch_id = b.id AND l.action = '通道结果') AS results,
              (SELECT count(*)::int FROM payout_rows r WHERE r.batch_id = b.id AND r.status IN ('success', 'failed', 'bounced')) AS rows
         FROM payout_batches b`,
    );
    const paid = missing.filter((b) => ['paying', 'done', 'partial'].includes(b.status));
    expect(paid.length).toBeGreaterThan(5);
    for (const b of missing) {
      // a 失败重发 batch is made by 重发 rather than 创建
      const want = [b.parent ? '重发' : '创建', '提交', ...(b.status === 'unpaid' ? [] : ['确认发放'])];
      expect({ no: b.batch_no, actions: want.filter((a) => !(b.actions ?? []).includes(a)) }).toEqual({ no: b.batch_no, actions: [] });
      // one 通道结果 line per settled row
      expect({ no: b.batch_no, results: b.results }).toEqual({ no: b.batch_no, results: b.rows });
    }
    const unlogged = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payout_ledger l WHERE l.batch_id IS NOT NULL AND l.type IN ('payout', 'fee', 'tax')
          AND NOT EXISTS (SELECT 1 FROM payout_logs g WHERE g.batch_id = l.batch_id AND g.action = '确认发放')`,
    );
    expect(unlogged[0]!.n).toBe(0);
  });

  it("everyone a task's batches paid is an accepted delivery of that task (its 结算记录)", async () => {
    const orphans = await db.query<{ batch_no: string; name: string }>(
      `SELECT b.batch_no, r.name FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id
         LEFT JOIN flex_task_workers tw ON tw.id = r.task_worker_id AND tw.task_id = b.task_id AND tw.work_status = 'accepted'
        WHERE b.source = 'task' AND tw.id IS NULL`,
    );
    expect(orphans).toEqual([]);
  });

  it("a task's tab counts and batch list agree with the rows stored", async () => {
    const tasks = await db.query<{ id: number; company_id: number; accepted: number; batches: number }>(
      `SELECT t.id, t.company_id, (SELECT count(*)::int FROM flex_task_workers tw WHERE tw.task_id = t.id AND tw.work_status = 'accepted') AS accepted,
              (SELECT count(*)::int FROM payout_batches b WHERE b.task_id = t.id) AS batches
         FROM flex_tasks t WHERE EXISTS (SELECT 1 FROM payout_batches b WHERE b.task_id = t.id)`,
    );
    expect(tasks.length).toBeGreaterThan(0);
    const now = new Date();
    for (const t of tasks) {
      const shown = await listTaskWorkers(db, t.company_id, t.id, { tab: 'settled', page: 1, page_size: 10 }, now, noLink);
      expect(shown.counts.settled).toBe(t.accepted);
      expect(shown.counts.settled).toBeGreaterThan(0);
      expect((await listBatches(db, t.company_id, { task_id: t.id, page: 1, page_size: 10 })).total).toBe(t.batches);
    }
  });

  it('the home page and the urge notice count what is stored', async () => {
    const now = new Date();
    const c = await db.one<{ id: number }>(`SELECT id FROM companies WHERE short_name = '云帆智联'`);
    const home = await homeSummary(db, c!.id, now);
    const stored = await db.one<{ active: number; balance: string }>(
      `SELECT (SELECT count(*)::int FROM flex_tasks WHERE company_id = $1 AND status IN ('recruiting', 'ongoing')) AS active,
              (SELECT balance::text FROM payout_accounts WHERE company_id = $1) AS balance`,
      [c!.id],
    );
    expect(home.overview.flex.active_tasks).toBe(stored!.active);
    expect(home.account.flex_balance).toBe(Number(stored!.balance));
    const pending = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM resignation_requests WHERE company_id = $1 AND status = 'pending'`, [c!.id]);
    expect(await pendingRequestCount(db, c!.id)).toBe(pending!.n);
    expect(home.todos.requests).toBe(pending!.n);
    const unpaid = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM payout_batches WHERE company_id = $1 AND status = 'unpaid'`, [c!.id]);
    expect(home.todos.batches).toBe(unpaid!.n);
    expect(unpaid!.n).toBe(1);
  });
});
