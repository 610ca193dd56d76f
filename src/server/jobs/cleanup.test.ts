/**
 * Cleanup of expired SMS codes, WeChat QR tickets and STS credentials (issue 9 item 9): rows that
 * expired more than a day ago go, younger ones stay, and several processes may run it at once.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer, useTestServer } from '../../../tests/setup/server';
import { cleanupExpired } from './cleanup';
import { mobileIndex } from '../domain/users';

const s = useTestServer();

const HOUR = 3600_000;

describe('cleanupExpired', () => {
  it('deletes what expired more than a day ago, keeps the rest, and is safe to run twice at once', async () => {
    // the test's clock 60 days ahead: every row below lies in the real future, so the server's own
    // cleanup at start (real clock), which may still be running beside this test on a pooled
    // PostgreSQL, cannot take one of them (it once took the 48-hour-old code: 1 instead of 2)
    const now = new Date(Date.now() + 60 * 24 * HOUR);
    const at = (h: number) => new Date(now.getTime() + h * HOUR);
    const user = (await s.db.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.id;
    for (const [mobile, expires] of [
      ['13900000001', at(-48)],
      ['13900000002', at(-25)],
      ['13900000003', at(-23)],
      ['13900000004', at(1)],
    ] as const) {
      await s.db.query("INSERT INTO sms_codes (mobile_bidx, purpose, code_hmac, sent_at, expires_at) VALUES ($1, 'login', $2, $3, $4)", [
        mobileIndex(mobile),
        '123456',
        expires,
        expires,
      ]);
    }
    for (const [hash, expires] of [
      ['t-old', at(-30)],
      ['t-recent', at(-2)],
    ] as const) {
      await s.db.query('INSERT INTO wechat_logins (ticket_hash, created_at, expires_at) VALUES ($1, $2, $3)', [hash, expires, expires]);
    }
    await s.db.query(
      `INSERT INTO sts_credentials (access_key_id, access_key_secret, security_token_hash, user_id, expires_at) VALUES
       ('STS.cleanup-old', 's', 'h', $1, $2), ('STS.cleanup-new', 's', 'h', $1, $3)`,
      [user, at(-26), at(-1)],
    );

    await s.db.query("INSERT INTO job_runs (job_id, name, finished_at) VALUES ('cleanup-old-run', 'probe', $1), ('cleanup-new-run', 'probe', $2)", [
      at(-31 * 24),
      at(-29 * 24),
    ]);

    // two at once (two processes): one cleans, the other skips or finds nothing; no error
    const [a, b] = await Promise.all([cleanupExpired(s.db, now), cleanupExpired(s.db, now)]);
    expect(a.smsCodes + b.smsCodes).toBe(2);
    expect(a.wechatTickets + b.wechatTickets).toBe(1);
    expect(a.credentials + b.credentials).toBe(1);
    expect(a.jobRuns + b.jobRuns).toBe(1);
    expect((await s.db.query<{ job_id: string }>("SELECT job_id FROM job_runs WHERE job_id LIKE 'cleanup-%'")).map((r) => r.job_id)).toEqual([
      'cleanup-new-run',
    ]);

    const left = ['13900000001', '13900000002', '13900000003', '13900000004'].map(mobileIndex);
    const sms = await s.db.query<{ mobile_bidx: string }>('SELECT mobile_bidx FROM sms_codes WHERE mobile_bidx = ANY($1)', [left]);
    expect(sms.map((r) => r.mobile_bidx).sort()).toEqual([left[2], left[3]].sort());
    const wx = await s.db.query<{ ticket_hash: string }>("SELECT ticket_hash FROM wechat_logins WHERE ticket_hash LIKE 't-%'");
    expect(wx.map((r) => r.ticket_hash)).toEqual(['t-recent']);
    const sts = await s.db.query<{ access_key_id: string }>("SELECT access_key_id FROM sts_credentials WHERE access_key_id LIKE 'STS.cleanup-%'");
    expect(sts.map((r) => r.access_key_id)).toEqual(['STS.cleanup-new']);

    // again: nothing left to do
    const again = await cleanupExpired(s.db, now);
    expect(again).toMatchObject({ smsCodes: 0, wechatTickets: 0, credentials: 0, jobRuns: 0 });
  });

  it('runs when the server starts', async () => {
    const t = await startTestServer();
    try {
      const old = new Date(Date.now() - 50 * HOUR);
      await t.db.query("INSERT INTO sms_codes (mobile_bidx, purpose, code_hmac, sent_at, expires_at) VALUES ($1, 'login', $2, $3, $3)", [
        mobileIndex('13911111111'),
        '1',
        old,
      ]);
      await t.app.close();
      // a new server process over the same database cleans at start
      const { buildServer } = await import('../app');
      const app2 = await buildServer({ db: t.db, sandbox: false, staticDir: null });
      await app2.ready();
      await app2.close();
      expect(await t.db.one(`SELECT 1 FROM sms_codes WHERE mobile_bidx = '${mobileIndex('13911111111')}'`)).toBeUndefined();
    } finally {
      await t.db.close();
    }
  }, 60_000);
});
