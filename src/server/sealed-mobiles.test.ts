/**
 * No plain mobile at rest (issue 28 item 4, docs/pii.md): after the demo seed and the flows that
 * write mobiles (sign-in codes, a first sign-in, the invoice details' recipient), no text column of
 * any table holds an 11-digit mobile; the demo still signs in with 13800000001, a departure is still
 * found by a whole mobile (its blind index), and the access log never shows the number searched for.
 */
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app';
import type { Db } from './db';
import { DEMO_CODE_1 } from './db/seed';
import { mobileIndex } from './domain/users';
import { openTestDb } from '../../tests/setup/db';
import { call, loginWithSms, type Env } from '../../tests/setup/server';

let app: FastifyInstance;
let db: Db;
let url: string;
const log: string[] = [];
/** the demo admin's session, from the first test's SMS sign-in (one code a minute per mobile) */
let demoToken: string;

beforeAll(async () => {
  db = await openTestDb();
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      log.push(chunk.toString('utf8'));
      done();
    },
  });
  app = await buildServer({ db, sandbox: true, staticDir: null, logger: true, logStream: stream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const api = <T = Env>(method: string, path: string, token?: string, form?: Record<string, string>) => call<T>(url, method, `/ent/v3${path}`, { token, form });

/** A mainland mobile standing alone (not inside a longer number, a hex hash or a random id: tests/setup/mobiles.ts). */
const PLAIN_MOBILE = '(^|[^0-9A-Za-z])1[3-9][0-9]{9}($|[^0-9A-Za-z])';

/** Every text-like column of every table holding something shaped like a mobile: `table.column: example`. */
async function plainMobiles(): Promise<string[]> {
  const cols = await db.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
        -- the sandboxes' own tables stand in for the outside providers (the SMS gateway's outbox
        -- is what the "phone" received); they exist only in the demo profile, never in production
        AND c.table_name NOT LIKE 'sandbox\\_%'
      ORDER BY 1, 2`,
  );
  const found: string[] = [];
  for (const c of cols) {
    const row = await db.one<{ v: string }>(`SELECT "${c.column_name}"::text AS v FROM "${c.table_name}" WHERE "${c.column_name}"::text ~ $1 LIMIT 1`, [
      PLAIN_MOBILE,
    ]);
    if (row) found.push(`${c.table_name}.${c.column_name}: ${row.v.slice(0, 60)}`);
  }
  return found;
}

describe('no plain mobile at rest', () => {
  it('signs the demo in, writes codes, a new account and an invoice recipient — and no table holds a plain mobile', async () => {
    // the demo account signs in as before (code through the sandbox inbox), and sees its own number
    const demo = await loginWithSms(url, '13800000001');
    expect(demo.data.user).toMatchObject({ mobile: '13800000001', realname: '王丽娟', company_status: 'normal' });
    demoToken = demo.token;
    // a first sign-in creates the account, found by its blind index (the demo's was found the same way)
    const fresh = await loginWithSms(url, '13711112222');
    expect(fresh.data.user.mobile).toBe('13711112222');
    expect(await db.query('SELECT id FROM users WHERE mobile_bidx = $1', [mobileIndex('13711112222')])).toEqual([{ id: fresh.data.user.id }]);
    // a code left waiting in the table
    expect((await api('POST', '/login/code', undefined, { mobile: '13733334444' })).body.code).toBe(200);

    // the invoice details with a recipient: whole to who may edit them, masked to other members
    const saved = await api('POST', '/usercenter/company/invoice', demo.token, {
      company_name: '杭州云帆智联科技有限公司',
      creditcode: DEMO_CODE_1,
      invoice_type: '1',
      bank_name: '招商银行杭州文三支行',
      bank_account: '571908765410201',
      address: '浙江省杭州市西湖区文三路478号',
      phone: '057188765432',
      ship_name: '徐佳怡',
      ship_phone: '13966667777',
      ship_address: '浙江省杭州市西湖区文三路478号财务部',
    });
    expect(saved.body).toMatchObject({ code: 200, msg: '保存成功' });
    expect((await api('GET', '/usercenter/company/invoice', demo.token)).body.data.invoice).toMatchObject({ ship_phone: '13966667777' });
    const recruiter = await loginWithSms(url, '13905710008');
    expect((await api('GET', '/usercenter/company/invoice', recruiter.token)).body.data.invoice).toMatchObject({ ship_phone: '139****7777' });

    // colleagues are masked, the admin's view included; one's own number is whole
    const colleagues = (await api<Env<{ list: { mobile: string; is_me: boolean; realname: string }[] }>>('GET', '/usercenter/colleagues', demo.token)).body.data
      .list;
    expect(colleagues.find((c) => c.is_me)?.mobile).toBe('13800000001');
    expect(colleagues.find((c) => c.realname === '吴佳琪')?.mobile).toBe('139****0008');

    expect(await plainMobiles()).toEqual([]);
  });

  it('finds a departure by a whole mobile through its blind index, and the access log never shows it', async () => {
    const token = demoToken;
    // 郑雪's approved request became a record (seed); the requests list knows her too
    const records = await api('GET', '/dimission/records?keywords=13705712234', token);
    expect(records.body.data.list.map((r: { name: string }) => r.name)).toEqual(['郑雪']);
    // typed with spaces or hyphens it is the same mobile
    const spaced = await api('GET', `/dimission/records?keywords=${encodeURIComponent('137 0571 2234')}`, token);
    expect(spaced.body.data.list.map((r: { name: string }) => r.name)).toEqual(['郑雪']);
    const requests = await api('GET', '/dimission/requests?status=all&keywords=137-0571-2232', token);
    expect(requests.body.data.list.map((r: { employee_name: string }) => r.employee_name)).toEqual(['周婷']);
    const exported = await api('GET', '/dimission/records/export?keywords=13705712234', token);
    expect(exported.body.code).toBe(200);

    const text = log.join('');
    expect(text).toContain('/ent/v3/dimission/records/export?keywords=[REDACTED]');
    for (const m of ['13705712234', '0571 2234', '0571%202234', '0571-2232']) expect(text, m).not.toContain(m);
  });
});
