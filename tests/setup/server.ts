import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildServer } from '../../src/server/app';
import type { Db } from '../../src/server/db';
import { issueToken } from '../../src/server/domain/sessions';
import type { UploadQuota } from '../../src/server/domain/quota';
import type { LoginLimits } from '../../src/server/lib/limits';
import { openTestDb, perFile } from './db';
import { mobileIndex } from '../../src/server/domain/users';

export interface TestServer {
  /** `http://127.0.0.1:<port>`, no trailing slash */
  url: string;
  db: Db;
  app: FastifyInstance;
  /** a valid bearer token for a seeded user, made directly in the database (no SMS round trip) */
  tokenFor(mobile: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real server on a random port over a private, seeded database (tests/setup/db.ts),
 * sandboxes on. `now` moves the server's clock (SMS expiry, token expiry); `loginLimits` and
 * `uploadQuota` are buildServer's (config.ts's LOGIN_* and UPLOAD_QUOTA_* in a real server).
 */
export async function startTestServer(
  opts: {
    staticDir?: string | null;
    now?: () => Date;
    sandbox?: boolean;
    loginLimits?: Partial<LoginLimits>;
    uploadQuota?: Partial<UploadQuota>;
    /** believe X-Forwarded-For (a balancer in front): lets one test speak from many IPs */
    trustProxy?: boolean;
    /** 实名认证 adds 运营商三要素 after 二要素 (config.ts ESIGN_REALNAME_TELECOM3) */
    realnameTelecom3?: boolean;
    /** false: signatures in-house, not through the e签宝 sandbox's signing flows (config.ts ESIGN_SIGN_FLOWS=0) */
    esignFlows?: boolean;
  } = {},
): Promise<TestServer> {
  const db = await openTestDb();
  const now = opts.now ?? (() => new Date());
  // settings as main.ts hands config.ts's over: options, never the environment
  const app = await buildServer({
    db,
    sandbox: opts.sandbox ?? true,
    staticDir: opts.staticDir ?? null,
    logger: false,
    now,
    loginLimits: opts.loginLimits,
    uploadQuota: opts.uploadQuota,
    trustProxy: opts.trustProxy,
    realnameTelecom3: opts.realnameTelecom3,
    esignFlows: opts.esignFlows,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    app,
    async tokenFor(mobile) {
      const user = await db.one<{ id: number }>('SELECT id FROM users WHERE mobile_bidx = $1', [mobileIndex(mobile)]);
      if (!user) throw new Error(`no user ${mobile}`);
      return (await issueToken(db, user.id, now())).token;
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/**
 * The file's test server (startTestServer with `opts`): started before its first test, closed after
 * its last. What it answers stands for that server from the first test (and a later beforeAll) on.
 */
export function useTestServer(opts: Parameters<typeof startTestServer>[0] = {}): TestServer {
  const started = perFile('the test server', () => startTestServer(opts));
  return {
    get url() {
      return started().url;
    },
    get db() {
      return started().db;
    },
    get app() {
      return started().app;
    },
    tokenFor: (mobile) => started().tokenFor(mobile),
    close: () => started().close(),
  };
}

/**
 * Bearer tokens of the demo's accounts (src/server/db/seeds): `member` 13800000001, admin of the
 * member company 1; `nonMember` 13800000002, admin of company 2 (verified, not a member);
 * `inReview` 13800000003, whose company is under review; `noCompany` 13800000004. `c1` and `c2`
 * are the ids of companies 1 and 2.
 */
export async function demoAccounts(s: TestServer) {
  const companyOf = async (mobile: string) =>
    (await s.db.one<{ company_id: number }>('SELECT company_id FROM users WHERE mobile_bidx = $1', [mobileIndex(mobile)]))!.company_id;
  return {
    member: await s.tokenFor('13800000001'),
    nonMember: await s.tokenFor('13800000002'),
    inReview: await s.tokenFor('13800000003'),
    noCompany: await s.tokenFor('13800000004'),
    c1: await companyOf('13800000001'),
    c2: await companyOf('13800000002'),
  };
}

export interface CallResult<T = unknown> {
  status: number;
  headers: Headers;
  /** parsed JSON when the answer is JSON, else the text */
  body: T;
}

/** The envelope every /ent/v3 answer carries (`data` loose: tests check it with the contract schemas). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Env<T = any> {
  code: number;
  msg: string;
  data: T;
}

/**
 * One HTTP request to the test server. `form` is sent form-encoded (as the console does);
 * `raw` sends a body as is (with `headers` for its content type).
 */
export async function call<T = Env>(
  url: string,
  method: string,
  path: string,
  opts: { form?: Record<string, string | string[]>; token?: string; raw?: string | Uint8Array<ArrayBuffer>; headers?: Record<string, string> } = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | Uint8Array<ArrayBuffer> | undefined = opts.raw;
  if (opts.form) {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.form)) for (const x of [v].flat()) p.append(k, x);
    body = p.toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  }
  const res = await fetch(url + path, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
  return { status: res.status, headers: res.headers, body: parsed as T };
}

/** GET and POST under /ent/v3 on the test server, as the bearer of `token` (none unless given). */
export function entCalls(s: Pick<TestServer, 'url'>) {
  return {
    get: (path: string, token?: string) => call(s.url, 'GET', `/ent/v3${path}`, { token }),
    post: (path: string, form: Record<string, string>, token?: string) => call(s.url, 'POST', `/ent/v3${path}`, { form, token }),
  };
}

/** Logs in through the real SMS flow (code read from the sandbox inbox); returns the token. */
export async function loginWithSms(url: string, mobile: string): Promise<{ token: string; data: Env['data'] }> {
  const sent = await call(url, 'POST', '/ent/v3/login/code', { form: { mobile } });
  if (sent.body.code !== 200) throw new Error(`login/code: ${sent.body.msg}`);
  const inbox = await call<{ code: string }>(url, 'GET', `/sandbox/sms?mobile=${mobile}`);
  const res = await call(url, 'POST', '/ent/v3/login', { form: { mobile, code: inbox.body.code } });
  if (res.body.code !== 200) throw new Error(`login: ${res.body.msg}`);
  return { token: res.body.data.token, data: res.body.data };
}
