import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PREFIX, endpoints } from '../../contract/endpoints';
import { usccCheckChar } from '../../contract/uscc';
import type { Db } from '../db/types';
import { call, startTestServer, type Env, type TestServer } from '../../../tests/setup/server';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await s.tokenFor('13800000001');
});
afterAll(async () => {
  await s?.close();
});

const CJK = /[\u4e00-\u9fa5]/;

describe('unknown API paths', () => {
  it('answer HTTP 404 with the envelope 接口不存在', async () => {
    for (const [method, path] of [
      ['GET', '/ent/v3/nope'],
      ['POST', '/ent/v3/nope/deeper?x=1'],
      ['GET', '/ent/v3/login'], // only POST exists
      ['DELETE', '/ent/v3/usercenter/info'],
      ['GET', '/ent/v3'],
      ['GET', '/ent/v2/usercenter/info'],
      ['PUT', '/ent/v3/index/setting'], // only GET exists
    ] as const) {
      const r = await call(s.url, method, path, { token });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body).toEqual({ code: 404, msg: '接口不存在', data: null });
    }
  });

  it('an undecodable URL is a Chinese 400, not a crash', async () => {
    const r = await call(s.url, 'GET', '/ent/v3/%E0%A4%A', { token });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 400 });
    expect((r.body as Env).msg).toMatch(CJK);
  });
});

describe('request bodies', () => {
  const post = (raw: string | Uint8Array<ArrayBuffer>, contentType: string, path = '/ent/v3/login/code') =>
    call(s.url, 'POST', path, { raw, headers: { 'content-type': contentType } });

  it('malformed JSON → Chinese 400', async () => {
    const r = await post('{"mobile": ', 'application/json');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: 400, msg: '请求内容格式错误，无法解析', data: null });
  });

  it('a JSON array or scalar → Chinese 400', async () => {
    for (const raw of ['[1,2]', '42', '"x"', 'null']) {
      const r = await post(raw, 'application/json');
      expect(r.status).toBe(200);
      expect((r.body as Env).code).toBe(400);
      expect((r.body as Env).msg).toMatch(CJK);
    }
  });

  it('an unsupported content type → Chinese 400', async () => {
    for (const ct of ['text/plain', 'multipart/form-data; boundary=x', 'application/xml', 'application/octet-stream']) {
      const r = await post('mobile=13800000001', ct);
      expect(r.status, ct).toBe(200);
      expect(r.body).toEqual({
        code: 400,
        msg: '不支持的请求格式，请以表单（application/x-www-form-urlencoded）提交',
        data: null,
      });
    }
  });

  it('a malformed form never crashes', async () => {
    for (const raw of ['%%%', 'mobile=%E0%A4%A', '&&&==', '=1', 'mobile', 'mobile=1&mobile=2&mobile=3', '\u0000\u0001']) {
      const r = await post(raw, 'application/x-www-form-urlencoded');
      expect(r.status, raw).toBe(200);
      expect((r.body as Env).code, raw).toBe(400);
      expect((r.body as Env).msg, raw).toMatch(CJK);
    }
  });

  it('prototype keys are refused as unknown fields', async () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const r = await post(`mobile=13800000001&${key}=x`, 'application/x-www-form-urlencoded');
      expect(r.body, key).toEqual({ code: 400, msg: `不支持的参数：${key}`, data: null });
    }
  });

  it('a body over 64 KB → code 413 in Chinese', async () => {
    const r = await post(`mobile=13800000001&pad=${'x'.repeat(70 * 1024)}`, 'application/x-www-form-urlencoded');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: 413, msg: '请求内容过大，请精简后重试', data: null });
    const j = await post(JSON.stringify({ mobile: 'x'.repeat(70 * 1024) }), 'application/json');
    expect((j.body as Env).code).toBe(413);
  });

  it('JSON bodies validate like forms', async () => {
    const r = await post(JSON.stringify({ mobile: 13800000001 }), 'application/json');
    expect(r.body).toEqual({ code: 400, msg: '参数格式错误：手机号', data: null });
    const ok = await post(JSON.stringify({ mobile: '13911112222' }), 'application/json');
    expect((ok.body as Env).code).toBe(200);
  });

  it('a request that lies about its length is refused without a 5xx', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const u = new URL(`${s.url}/ent/v3/login/code`);
      const req = httpRequest(
        {
          host: u.hostname,
          port: u.port,
          path: u.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '5' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end('mobile=13800000001');
    });
    expect(status).toBeLessThan(500);
  });
});

describe('no input gives a 5xx', () => {
  /** The body fields an endpoint's contract names (its strict object's keys), so odd values reach its own checks. */
  const fieldsOf = (e: { body?: unknown }): string[] => {
    const b = e.body as { shape?: object; def?: { in?: { shape?: object } } } | undefined;
    return Object.keys(b?.shape ?? b?.def?.in?.shape ?? {});
  };
  const form = 'application/x-www-form-urlencoded';

  /**
   * Per route, the inputs that reach its own parsing and validation, not ten copies of checks every
   * route shares (content types and the bearer format fail before any route; tested once above):
   * GET/DELETE: the query-less call, and one malformed token (two forms, alternating by route);
   * POST: no body, every contract field 5000 characters long, every field an object/array in JSON,
   * unknown/array/nested keys in a form, and the malformed token.
   */
  function inputs(e: { method: string; body?: unknown }, i: number): { raw?: string; ct?: string; auth?: string }[] {
    const badAuth = { auth: i % 2 ? 'Bearer a b c' : 'Bearer ' + '\u00e9'.repeat(10) };
    if (e.method === 'GET' || e.method === 'DELETE') return [{}, badAuth];
    const fields = fieldsOf(e);
    const names = fields.length ? fields : ['mobile', 'code'];
    return [
      {},
      { raw: names.map((f) => `${f}=${'9'.repeat(5000)}`).join('&'), ct: form },
      { raw: JSON.stringify(Object.fromEntries(names.map((f, k) => [f, k % 2 ? [1] : { $gt: '' }]))), ct: 'application/json' },
      { raw: `a=1&${names[0]}[]=1&${names[0]}[a]=2`, ct: form },
      badAuth,
    ];
  }

  it('for every route: odd bodies against its own fields, and a malformed token', async () => {
    // logging out ends the walk's session: those routes go last
    const list = Object.values(endpoints).sort((x, y) => Number(/logout/.test(x.path)) - Number(/logout/.test(y.path)));
    const routes: { method: string; path: string; inputs: { raw?: string; ct?: string; auth?: string }[] }[] = list.map((e, i) => ({
      method: e.method,
      path: API_PREFIX + e.path.replace(/:id/g, '1'),
      inputs: inputs(e, i),
    }));
    const odd = [{}, { raw: 'a=1&b=2', ct: form }];
    routes.push(
      { method: 'GET', path: '/sandbox/sms?mobile[]=1', inputs: odd },
      { method: 'POST', path: '/sandbox/companies/abc/review', inputs: odd },
      { method: 'POST', path: '/sandbox/companies/99999999999/review', inputs: odd },
    );
    let sent = 0;
    for (const { method, path, inputs: ws } of routes) {
      for (const w of ws) {
        const headers: Record<string, string> = { authorization: w.auth ?? `Bearer ${token}` };
        if (w.ct) headers['content-type'] = w.ct;
        const body = method === 'GET' || method === 'DELETE' ? undefined : w.raw;
        const res = await fetch(s.url + path, { method, headers, ...(body !== undefined ? { body } : {}) }).catch((e: Error) => ({
          status: 0,
          text: async () => e.message,
        }));
        sent++;
        expect(res.status, `${method} ${path} ${JSON.stringify(w).slice(0, 200)}: ${await res.text()}`).toBeLessThan(500);
        expect(res.status).toBeGreaterThan(0);
      }
    }
    // every route of the table was walked, with at most five requests each
    expect(routes.length).toBe(Object.keys(endpoints).length + 3);
    expect(sent).toBeLessThanOrEqual(routes.length * 5);
  }, 180_000);
});

describe('hostile input (issue 9 item 3)', () => {
  let token: string; // a fresh session: the route walk above logs its token out
  beforeAll(async () => {
    token = await s.tokenFor('13800000001');
  });
  const bad = async (method: string, path: string, form?: Record<string, string>) => {
    const r = await call(s.url, method, path, { token, ...(form ? { form } : {}) });
    expect(r.status, `${method} ${path} ${JSON.stringify(form)}`).toBe(200);
    expect((r.body as Env).code, `${method} ${path}: ${(r.body as Env).msg}`).toBe(400);
    expect((r.body as Env).msg).toMatch(CJK);
  };
  it('a NUL byte or another control character in a query string is a Chinese 400', async () => {
    await bad('GET', '/ent/v3/talent/list?keywords=%00');
    await bad('GET', '/ent/v3/talent/list?keywords=a%01b');
    await bad('GET', '/ent/v3/talent/list?label=%00');
    await bad('GET', '/ent/v3/position/list?keywords=x%00y');
  });
  it('a NUL byte in a form field is a Chinese 400', async () => {
    await bad('POST', '/ent/v3/usercenter/profile', { realname: '王\u0000五', job_name: 'HR' });
    await bad('POST', '/ent/v3/usercenter/company/license/media', { media_id: 'a\u0000' });
    await bad('POST', '/ent/v3/usercenter/company/invoice', { company_name: 'x\u0000', creditcode: '1', invoice_type: '0' });
  });
  it('free text keeps line breaks but refuses NUL', async () => {
    const { freeText, text } = await import('../../contract/common');
    expect(freeText(20).safeParse('第一行\r\n第二行\t完').success).toBe(true);
    expect(freeText(20).safeParse('a\u0000b').success).toBe(false);
    expect(text(20).safeParse('a\nb').success).toBe(false);
    expect(text(5).safeParse('  abc  ').data).toBe('abc');
    expect(text(5).safeParse('abcdef').success).toBe(false);
  });
  it('an id beyond PostgreSQL integer is a Chinese 400, in a path or a form field', async () => {
    await bad('GET', '/ent/v3/position/2147483648');
    await bad('GET', '/ent/v3/position/99999999999999999999');
    await bad('POST', '/ent/v3/talent/invite/1', {
      type: 'user',
      job_id: '99999999999',
      pick_time: '2030-01-01 09:00:00',
      address: '杭州',
      contacts_name: '王',
      contacts_tel: '13800000001',
    });
    const lic = await call(s.url, 'POST', '/ent/v3/usercenter/company/apply', {
      token: await s.tokenFor('13800000004'),
      form: {
        company_name: '测试企业有限公司',
        creditcode: `91330106MA2CFXXX0${usccCheckChar('91330106MA2CFXXX0')}`,
        industry: '制造业',
        staff_num_range: '0-20人',
        address: '浙江省杭州市西湖区文三路',
        represent: '张三',
        license_id: '99999999999',
        contact_name: '张三',
        contact_mobile: '13800000004',
      },
    });
    expect(lic.status).toBe(200);
    expect((lic.body as Env).code).toBe(400);
  });
  it('a database error that input caused is a 4xx envelope, not a 500 (last line of defence)', async () => {
    const { buildServer } = await import('../app');
    const real = s.db;
    for (const [code, expected] of [
      ['22021', 400],
      ['22003', 400],
      ['22P02', 400],
      ['23505', 409],
    ] as const) {
      const failing: Db = {
        kind: real.kind,
        query: async <T>(sql: string, params?: unknown[]) => {
          if (/FROM sessions/.test(sql)) return real.query<T>(sql, params);
          throw Object.assign(new Error('db says no'), { code });
        },
        one: async <T>(sql: string, params?: unknown[]) => {
          if (/FROM sessions/.test(sql)) return real.one<T>(sql, params);
          throw Object.assign(new Error('db says no'), { code });
        },
        exec: real.exec.bind(real),
        tx: real.tx.bind(real),
        close: async () => undefined,
      };
      const app = await buildServer({ db: failing });
      // the auth lookup is one statement (http/auth.ts); the list's own queries fail
      const r = await app.inject({ method: 'GET', url: '/ent/v3/position/list', headers: { authorization: `Bearer ${token}` } });
      expect(r.statusCode, code).toBe(200);
      expect(r.json()).toMatchObject({ code: expected, data: null });
      expect(r.json().msg).toMatch(CJK);
      await app.close();
    }
  });
});

describe('envelope basics', () => {
  it('answers JSON with charset and HTTP 200 for business errors', async () => {
    const r = await call(s.url, 'POST', '/ent/v3/login', { form: { mobile: '1' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json; charset=utf-8/);
  });
});

describe('a real failure', () => {
  it('is logged and answered as a 500 envelope in Chinese', async () => {
    const { buildServer } = await import('../app');
    const broken = {
      kind: 'pg' as const,
      query: async () => {
        throw new Error('connection lost');
      },
      one: async () => {
        throw new Error('connection lost');
      },
      exec: async () => undefined,
      tx: async () => {
        throw new Error('connection lost');
      },
      close: async () => undefined,
    };
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await buildServer({ db: broken });
    const r = await app.inject({ method: 'GET', url: '/ent/v3/usercenter/info', headers: { authorization: `Bearer ${token}` } });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ code: 500, msg: '服务器开小差了，请稍后再试', data: null });
    expect(spy).toHaveBeenCalled();
    expect(String(spy.mock.calls[0]?.[1])).toContain('connection lost');
    spy.mockRestore();
    await app.close();
  });
});
