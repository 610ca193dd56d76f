/**
 * Races (issue 9 item 7): the same write fired ten times at once, or two conflicting writes at
 * once, has exactly one effect. Each of these answered more than one success before the fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usccCheckChar } from '../contract/uscc';
import { fmtDateTime } from './lib/time';
import { call, startTestServer, type Env, type TestServer } from '../../tests/setup/server';
import { mobileIndex } from './domain/users';

let s: TestServer;
let admin: string; // 13800000001: verified member company
let companyId = 0;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.tokenFor('13800000001');
  companyId = (await s.db.one<{ company_id: number }>(`SELECT company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.company_id;
  // a database a few milliseconds away (as a real PostgreSQL over the network is): every statement
  // outside a transaction yields, so concurrent requests interleave between their reads and writes
  const db = s.db as unknown as Record<'one' | 'query' | 'tx', (...a: unknown[]) => Promise<unknown>>;
  for (const m of ['one', 'query', 'tx'] as const) {
    const real = db[m]!.bind(s.db);
    db[m] = async (...a: unknown[]) => {
      await new Promise((r) => setTimeout(r, m === 'tx' ? 30 : 3));
      return real(...a);
    };
  }
});
afterAll(async () => {
  await s?.close();
});

const post = (path: string, token: string, form: Record<string, string> = {}) => call(s.url, 'POST', `/ent/v3${path}`, { token, form });
const codes = (rs: { body: unknown }[]) => rs.map((r) => (r.body as Env).code);
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const uscc = (n: number) => {
  const first = `91330106MA2C${String(n).padStart(5, '0')}`;
  return first + usccCheckChar(first);
};

/** A fresh application of the company in `status` to an open position (a candidate it has none with). */
async function freshApplication(status = 'pending'): Promise<{ id: number; position_id: number; candidate_id: number }> {
  const p = (await s.db.one<{ id: number }>(`SELECT id FROM positions WHERE company_id = $1 AND status = 'open' ORDER BY id LIMIT 1`, [companyId]))!;
  const c = (await s.db.one<{ id: number }>(
    `SELECT id FROM candidates WHERE id NOT IN (SELECT candidate_id FROM applications WHERE company_id = $1)
       AND id NOT IN (SELECT candidate_id FROM interviews WHERE company_id = $1) ORDER BY id LIMIT 1`,
    [companyId],
  ))!;
  const a = (await s.db.one<{ id: number }>(
    `INSERT INTO applications (position_id, company_id, candidate_id, status, source) VALUES ($1, $2, $3, $4, '自主投递') RETURNING id`,
    [p.id, companyId, c.id, status],
  ))!;
  return { id: a.id, position_id: p.id, candidate_id: c.id };
}

const inviteForm = (type: 'user' | 'intention', jobId?: number) => ({
  type,
  ...(jobId ? { job_id: String(jobId) } : {}),
  pick_time: fmtDateTime(new Date(Date.now() + 3 * 86_400_000)).slice(0, 11) + '10:00:00',
  address: '杭州市西湖区文三路90号',
  contacts_name: '张经理',
  contacts_tel: '13800000001',
});

describe('races', () => {
  it('ten concurrent company applications of one user create one company', async () => {
    const token = await s.tokenFor('13800000004');
    const lic = await post('/usercenter/company/license', token, { image: PNG });
    const license_id = String((lic.body as Env).data.license_id);
    const me = (await s.db.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = '${mobileIndex('13800000004')}'`))!.id;
    const rs = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post('/usercenter/company/apply', token, {
          company_name: `并发测试企业${i}有限公司`,
          creditcode: uscc(40 + i),
          industry: '制造业',
          staff_num_range: '0-20人',
          address: '浙江省杭州市西湖区文三路',
          represent: '张三',
          license_id,
          contact_name: '张三',
          contact_mobile: '13800000004',
        }),
      ),
    );
    expect(
      codes(rs).filter((c) => c === 200),
      JSON.stringify(rs.map((r) => (r.body as Env).msg)),
    ).toHaveLength(1);
    expect(codes(rs).every((c) => c === 200 || c === 409)).toBe(true);
    const n = await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM companies WHERE submitted_by = $1', [me]);
    expect(n!.n).toBe(1);
  });

  it('ten concurrent 不合适 on one application: one success, the rest 409', async () => {
    const a = await freshApplication();
    const rs = await Promise.all(Array.from({ length: 10 }, () => post(`/position/application/${a.id}/unsuitable`, admin)));
    expect(codes(rs).filter((c) => c === 200)).toHaveLength(1);
    expect(codes(rs).filter((c) => c === 409)).toHaveLength(9);
  });

  it('ten concurrent 录用 on one application: one success, the rest 409', async () => {
    const a = await freshApplication('viewed');
    const rs = await Promise.all(Array.from({ length: 10 }, () => post(`/position/application/${a.id}/hire`, admin)));
    expect(codes(rs).filter((c) => c === 200)).toHaveLength(1);
    expect(codes(rs).filter((c) => c === 409)).toHaveLength(9);
  });

  it('录用 and 不合适 at once: one hire, at most one 不合适 (before it), and the row ends hired', async () => {
    for (let i = 0; i < 3; i++) {
      const a = await freshApplication();
      const rs = await Promise.all([
        ...Array.from({ length: 5 }, () => post(`/position/application/${a.id}/unsuitable`, admin)),
        ...Array.from({ length: 5 }, () => post(`/position/application/${a.id}/hire`, admin)),
      ]);
      // 不合适 never blocks a later 录用 (HR may change their mind); 录用 blocks 不合适
      expect(codes(rs.slice(0, 5)).filter((c) => c === 200).length).toBeLessThanOrEqual(1);
      expect(codes(rs.slice(5)).filter((c) => c === 200)).toHaveLength(1);
      const row = await s.db.one<{ status: string; hired_at: Date | null }>('SELECT status, hired_at FROM applications WHERE id = $1', [a.id]);
      expect(row!.status).toBe('hired');
      expect(row!.hired_at).not.toBeNull();
    }
  });

  it('ten concurrent invitations for one application: one interview', async () => {
    const a = await freshApplication();
    const rs = await Promise.all(Array.from({ length: 10 }, () => post(`/talent/invite/${a.id}`, admin, inviteForm('intention'))));
    expect(codes(rs).filter((c) => c === 200)).toHaveLength(1);
    const n = await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM interviews WHERE application_id = $1', [a.id]);
    expect(n!.n).toBe(1);
  });

  it('ten concurrent invitations from the hall (one candidate, one position): one interview', async () => {
    const a = await freshApplication();
    await s.db.query('DELETE FROM applications WHERE id = $1', [a.id]); // the candidate has not applied
    const rs = await Promise.all(Array.from({ length: 10 }, () => post(`/talent/invite/${a.candidate_id}`, admin, inviteForm('user', a.position_id))));
    expect(codes(rs).filter((c) => c === 200)).toHaveLength(1);
    const n = await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM interviews WHERE candidate_id = $1 AND position_id = $2', [
      a.candidate_id,
      a.position_id,
    ]);
    expect(n!.n).toBe(1);
  });

  it('an invitation racing a hire never turns the hired application back into 已邀约', async () => {
    for (let i = 0; i < 3; i++) {
      const a = await freshApplication('viewed');
      const rs = await Promise.all([
        post(`/talent/invite/${a.id}`, admin, inviteForm('intention')),
        post(`/position/application/${a.id}/hire`, admin),
        post(`/talent/invite/${a.id}`, admin, inviteForm('intention')),
      ]);
      expect((rs[1]!.body as Env).code).toBe(200);
      const row = await s.db.one<{ status: string }>('SELECT status FROM applications WHERE id = $1', [a.id]);
      expect(row!.status).toBe('hired');
    }
  });
});
