/**
 * A worker's invitation for server tests: a recruiting task of company 1 with an agreement PDF in
 * effect, a person HR adds to it, and a phone that keeps the worker session's cookie as a browser
 * would. Shared by src/server/routes/worker.test.ts and worker-realname.test.ts.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { expect } from 'vitest';
import { envelope } from '../../src/contract/envelope';
import { InviteData } from '../../src/contract/worker';
import { mobileIndex } from '../../src/server/domain/users';
import { dateAfter } from '../../src/server/lib/time';
import { signOnH5 } from './esign-h5';
import { call, entCalls, type Env, type TestServer } from './server';

export function workerInvites(s: TestServer, member: () => string, companyId: () => number, now: () => Date = () => new Date()) {
  const { get, post } = entCalls(s);

  /** A recruiting task of company 1 (approved by the operator), with an agreement PDF in effect. */
  async function recruitingTask(): Promise<number> {
    const id = (
      await post(
        '/employment/task/save',
        {
          action: 'submit',
          name: '社区团购自提点值守',
          category: '*现代服务*市场推广服务',
          description: '在自提点负责货品核对与发放，每日工作4小时。',
          standard: '每日提交值守记录',
          work_mode: 'offline',
          address: '杭州市拱墅区湖墅南路88号',
          start_date: dateAfter(now(), 1),
          end_date: dateAfter(now(), 20),
          signup_deadline: dateAfter(now(), 5),
          headcount: '5',
          pay_amount: '18000',
          pay_unit: 'day',
          settle_mode: 'per_day',
          need_sign: '1',
        },
        member(),
      )
    ).body.data.id as number;
    await call(s.url, 'POST', `/sandbox/employment/tasks/${id}/review`, { form: { result: 'pass' } });
    const path = `${await mkdtemp(`${tmpdir()}/worker-`)}/a.pdf`;
    await writeFile(path, '%PDF-1.4\n%agreement\n%%EOF\n');
    const media = `W${Math.random().toString(36).slice(2, 14)}`;
    const key = `attached/material/${media}.pdf`;
    const user = (await s.db.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!.id;
    await s.db.query(
      `INSERT INTO media (media_id, kind, company_id, user_id, title, file_name, file_size, bucket, object_key, status)
       VALUES ($1, 'attached', $2, $3, 'x', '服务协议.pdf', 26, 'outin-hrconsole-sandbox', $4, 'Normal')`,
      [media, companyId(), user, key],
    );
    await s.db.query(`INSERT INTO oss_objects (bucket, object_key, size, etag, crc64, file_path) VALUES ('outin-hrconsole-sandbox', $1, 26, 'e', '0', $2)`, [
      key,
      path,
    ]);
    const a = await post(`/employment/task/${id}/agreement`, { name: '灵活用工服务协议', media_id: media, effective_date: dateAfter(now(), 0) }, member());
    expect(a.body.code).toBe(200);
    return id;
  }

  /** HR adds a person; answers their invitation token (from the 零工端页面 link HR's list shows) and task-worker row id. */
  async function invite(taskId: number, p: { name: string; mobile: string; cert_no: string }): Promise<{ token: string; rowId: number }> {
    expect((await post(`/employment/task/${taskId}/workers`, p, member())).body.code).toBe(200);
    const row = (await get(`/employment/task/${taskId}/workers`, member())).body.data.list.find((w: { name: string }) => w.name === p.name);
    expect(row.invite_url).toMatch(/^\/m\/flex\/w\/[\w-]+$/);
    return { token: row.invite_url.split('/').pop(), rowId: row.id };
  }

  /** A phone: keeps the cookies the server sets (path-scoped), as a browser would. */
  function phone(token: string) {
    const jar = new Map<string, string>();
    const base = `/ent/v3/worker/invite/${token}`;
    const send = async (method: string, path: string, form?: Record<string, string>, headers: Record<string, string> = {}) => {
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const r = await call<Env>(s.url, method, base + path, { form, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
      const set = r.headers.get('set-cookie');
      if (set) {
        const [kv] = set.split(';');
        jar.set(kv!.split('=')[0]!, kv!.slice(kv!.indexOf('=') + 1));
      }
      return r;
    };
    return {
      jar,
      view: async () => envelope(InviteData).parse((await send('GET', '')).body).data,
      get: (path: string) => send('GET', path),
      post: (path: string, form: Record<string, string> = {}, headers?: Record<string, string>) => send('POST', path, form, headers),
    };
  }

  /** The code the sandbox SMS gateway delivered to `mobile` last. */
  const smsCode = async (mobile: string) => (await call<{ code: string }>(s.url, 'GET', `/sandbox/sms?mobile=${mobile}`)).body.code;

  /** A phone past the SMS check. */
  async function verifiedPhone(token: string, mobile: string) {
    const p = phone(token);
    await p.post('/code');
    expect((await p.post('/verify', { code: await smsCode(mobile) })).body.code).toBe(200);
    return p;
  }

  /** The page once e签宝's result is known (it shows 签署确认中 until then): polled as the page polls. */
  async function settled(p: ReturnType<typeof phone>, timeoutMs = 15_000) {
    const t0 = Date.now();
    for (;;) {
      const v = await p.view();
      if (v.step !== 'signing') return v;
      if (Date.now() - t0 > timeoutMs) throw new Error('still 签署确认中');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * Signs with the intent code sent at signing (sign-code → the sandbox inbox → sign). Through
   * e签宝's signing flow (the demo's default) the phone then signs on e签宝's page with e签宝's own
   * code and comes back: answers the sign call with `data` the page once the result is known;
   * signed in-house, the sign call as it came.
   */
  async function signWithCode(p: ReturnType<typeof phone>, agreementId: number, mobile: string) {
    expect((await p.post('/sign-code')).body.code).toBe(200);
    const r = await p.post('/sign', { agreement_id: String(agreementId), agree: '1', code: await smsCode(mobile) });
    const url = r.body.code === 200 ? (r.body.data.sign_url as string) : '';
    if (!url) return r;
    expect(url.startsWith(`${s.url}/`)).toBe(true);
    await signOnH5(url, mobile);
    return { ...r, body: { ...r.body, data: await settled(p) } };
  }

  return { recruitingTask, invite, phone, smsCode, verifiedPhone, signWithCode, settled };
}
