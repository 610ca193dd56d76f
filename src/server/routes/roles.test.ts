/**
 * Roles (issue 27) over real HTTP: each demo role colleague of 杭州云帆智联 tries a call its roles do
 * not grant — 403 `您没有该操作的权限，请联系企业管理员` and nothing written (not the SMS code, not a
 * counter: every table's writes are counted by triggers) — the admin sets roles, each change in the
 * append-only 权限变更记录, and the last admin cannot be demoted.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { payoutsTest } from '../../../tests/setup/payouts';
import { MSG_OWN_BATCH } from '../domain/payouts/approval';
import { mobileIndex } from '../domain/users';

const P = payoutsTest({ seqBase: 700 });
const NO = '您没有该操作的权限，请联系企业管理员';
const FINANCE = '13905710007';
const RECRUITER = '13905710008';
const HR = '13905710009';
const MEMBER = '13905710010';

const tokens: Record<string, string> = {};
const tok = async (mobile: string) => (tokens[mobile] ??= await P.s.tokenFor(mobile));
const idOf = async (mobile: string) => (await P.s.db.one<{ id: number }>('SELECT id FROM users WHERE mobile_bidx = $1', [mobileIndex(mobile)]))!.id;

beforeAll(async () => {
  await P.s.db.exec(`
    CREATE TABLE roles_writes (tbl text PRIMARY KEY, n integer NOT NULL);
    CREATE FUNCTION roles_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO roles_writes (tbl, n) VALUES (TG_TABLE_NAME, 1) ON CONFLICT (tbl) DO UPDATE SET n = roles_writes.n + 1;
      RETURN NULL;
    END $$;`);
  const tables = await P.s.db.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'roles_writes'`,
  );
  for (const { tablename } of tables) {
    await P.s.db.exec(`CREATE TRIGGER roles_w AFTER INSERT OR UPDATE OR DELETE ON "${tablename}" FOR EACH ROW EXECUTE FUNCTION roles_count()`);
  }
});

const writes = async () => JSON.stringify(await P.s.db.query(`SELECT tbl, n FROM roles_writes WHERE tbl <> 'sessions' ORDER BY tbl`));

/** The call is refused with the permission message and writes no row anywhere. */
async function refused(method: 'GET' | 'POST', path: string, mobile: string, form: Record<string, string> = {}) {
  const token = await tok(mobile);
  const before = await writes();
  const r = method === 'GET' ? await P.get(path, token) : await P.post(path, form, token);
  expect(r.body, `${mobile} ${method} ${path}`).toMatchObject({ code: 403, msg: NO });
  expect(await writes(), `${mobile} ${method} ${path} wrote`).toBe(before);
}

describe('each role is refused what it is not given', () => {
  it('a plain 成员 cannot save payout settings, see batches, recruit, or reveal an ID number', async () => {
    await refused('POST', '/payout/settings', MEMBER, {
      fee_rate_bp: '0',
      tax_rate_bp: '0',
      monthly_cap_fen: '100',
      approval_threshold_fen: '0',
      self_approval: '0',
    });
    await refused('GET', '/payout/batches', MEMBER);
    await refused('POST', '/position/save', MEMBER, { title: 'x' });
    const rec = await P.s.db.one<{ id: number }>('SELECT id FROM departure_records WHERE company_id = $1 LIMIT 1', [P.c1]);
    await refused('GET', `/dimission/records/${rec?.id ?? 1}/reveal?field=id_card`, MEMBER);
    await refused('GET', '/payout/quarter-export?year=2026&quarter=1', MEMBER);
  });

  it('a 招聘 colleague prepares but cannot ask for the code nor confirm; the code row and its counter stay untouched', async () => {
    const task = await P.taskWith(P.c1, [{ amount: 30000 }]);
    const b = await P.readyBatch(task);
    await refused('POST', `/payout/batch/${b.id}/code`, RECRUITER);
    await refused('POST', `/payout/batch/${b.id}/confirm`, RECRUITER, { code: '123456' });
    // a real code the approver asked for: the recruiter's guess does not spend it
    const code = await P.code(b.id);
    await refused('POST', `/payout/batch/${b.id}/confirm`, RECRUITER, { code });
    expect((await P.get(`/payout/batch/${b.id}`, await tok(RECRUITER))).body.data.status).toBe('unpaid');
    await refused('POST', '/payout/settings', RECRUITER, {
      fee_rate_bp: '0',
      tax_rate_bp: '0',
      monthly_cap_fen: '100',
      approval_threshold_fen: '0',
      self_approval: '0',
    });
    await refused('GET', '/dimission/records', RECRUITER);
  });

  it('a 财务 colleague may ask for the code but not change settings, recruit or see departures', async () => {
    await refused('POST', '/payout/settings', FINANCE, {
      fee_rate_bp: '0',
      tax_rate_bp: '0',
      monthly_cap_fen: '100',
      approval_threshold_fen: '0',
      self_approval: '0',
    });
    await refused('GET', '/position/list', FINANCE);
    await refused('GET', '/dimission/records', FINANCE);
    expect((await P.get('/payout/batches', await tok(FINANCE))).body.code).toBe(200);
  });

  it('four eyes: the 财务 colleague who submitted a batch gets no code for it and cannot confirm it; the admin approves', async () => {
    const fin = await tok(FINANCE);
    const task = await P.taskWith(P.c1, [{ amount: 21000 }]);
    const made = await P.post('/payout/batch', { task_id: String(task) }, fin);
    const id = made.body.data.id as number;
    expect((await P.post(`/payout/batch/${id}/action`, { action: 'submit' }, fin)).body.data.approval).toMatchObject({
      submitter: '周婷',
      blocked: MSG_OWN_BATCH,
    });
    await P.topUp(made.body.data.debit);
    for (const [path, form] of [
      [`/payout/batch/${id}/code`, {}],
      [`/payout/batch/${id}/confirm`, { code: '123456' }],
    ] as const) {
      const before = await writes();
      expect((await P.post(path, form, fin)).body).toMatchObject({ code: 403, msg: MSG_OWN_BATCH });
      expect(await writes(), path).toBe(before);
    }
    expect((await P.post(`/payout/batch/${id}/code`, {}, P.member)).body).toMatchObject({ code: 200, msg: '验证码已发送至138****0001' });
    const code = (await P.s.db.one<{ code: string }>(`SELECT code FROM sandbox_payout_sms_outbox WHERE mobile = '13800000001' ORDER BY id DESC LIMIT 1`))!.code;
    expect((await P.post(`/payout/batch/${id}/confirm`, { code }, P.member)).body.data).toEqual({ status: 'paying', duplicate: false, first_approval: false });
  });

  it('a 人事 colleague handles departures but cannot approve a payout or recruit', async () => {
    await refused('POST', '/payout/batch/1/code', HR);
    await refused('GET', '/position/list', HR);
    expect((await P.get('/dimission/records', await tok(HR))).body.code).toBe(200);
  });

  it('nobody but the admin sets roles or reads the 权限变更记录', async () => {
    const target = await idOf(MEMBER);
    for (const m of [FINANCE, RECRUITER, HR, MEMBER, '13905710001']) {
      await refused('POST', `/usercenter/colleagues/${target}/roles`, m, { roles: 'admin' });
      await refused('GET', '/usercenter/role_changes', m);
    }
  });
});

describe('the admin sets roles', () => {
  it('changes a colleague’s roles, logs before → after, and the colleague’s next call follows at once', async () => {
    const id = await idOf(RECRUITER);
    const r = await P.post(`/usercenter/colleagues/${id}/roles`, { roles: 'finance,recruiter' }, P.member);
    expect(r.body).toMatchObject({ code: 200, msg: '角色已更新', data: { roles: ['finance', 'recruiter', 'member'], changed: true } });
    // the same set again writes nothing
    const before = await writes();
    expect((await P.post(`/usercenter/colleagues/${id}/roles`, { roles: 'recruiter,finance' }, P.member)).body.data.changed).toBe(false);
    expect(await writes()).toBe(before);
    const log = (await P.get('/usercenter/role_changes', P.member)).body.data;
    expect(log.list[0]).toMatchObject({ target: '吴佳琪', changed_by: '王丽娟', before: ['recruiter', 'member'], after: ['finance', 'recruiter', 'member'] });
    const info = (await P.get('/usercenter/info', await tok(RECRUITER))).body.data.member;
    expect(info.roles).toEqual(['finance', 'recruiter', 'member']);
    expect(info.permissions).toEqual(['recruit', 'payout.prepare', 'payout.approve', 'finance']);
    // the colleague list shows the roles
    const list = (await P.get('/usercenter/colleagues', P.member)).body.data.list as { id: number; roles: string[] }[];
    expect(list.find((c) => c.id === id)!.roles).toEqual(['finance', 'recruiter', 'member']);
    // an unknown role is refused by the schema
    expect((await P.post(`/usercenter/colleagues/${id}/roles`, { roles: 'owner' }, P.member)).body.code).toBe(400);
  });

  it('making a colleague admin keeps users.role in step; the last admin cannot be demoted', async () => {
    const other = await idOf('13905710006'); // 何晓梅, the second admin of company 1
    const me = await idOf('13800000001');
    expect((await P.post(`/usercenter/colleagues/${other}/roles`, { roles: 'hr' }, P.member)).body.code).toBe(200);
    expect(await P.s.db.one('SELECT role, roles FROM users WHERE id = $1', [other])).toEqual({ role: 'member', roles: ['hr', 'member'] });
    const before = await writes();
    const r = await P.post(`/usercenter/colleagues/${me}/roles`, { roles: 'finance' }, P.member);
    expect(r.body).toMatchObject({ code: 409, msg: '企业至少需要保留一位管理员' });
    expect(await writes()).toBe(before);
    // promoted back: role follows
    expect((await P.post(`/usercenter/colleagues/${other}/roles`, { roles: 'admin' }, P.member)).body.code).toBe(200);
    expect(await P.s.db.one('SELECT role FROM users WHERE id = $1', [other])).toEqual({ role: 'admin' });
    // company 2's only admin cannot step down either; another company's colleague answers 404
    const lone = await idOf('13800000002');
    expect((await P.post(`/usercenter/colleagues/${lone}/roles`, { roles: '' }, P.other)).body.code).toBe(409);
    expect((await P.post(`/usercenter/colleagues/${lone}/roles`, { roles: 'hr' }, P.member)).body.code).toBe(404);
  });

  it('the 权限变更记录 is append-only in the database', async () => {
    await expect(P.s.db.query('UPDATE role_changes SET after = $1', [['admin', 'member']])).rejects.toThrow(/append-only/);
    await expect(P.s.db.query('DELETE FROM role_changes')).rejects.toThrow(/append-only/);
  });
});
