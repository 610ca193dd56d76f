/**
 * A server of the production profile in the test process, its providers pointed at a demo server's
 * sandboxes over HTTP: the configuration is a production environment read by config.ts's
 * loadConfig (so its parsing and checks run), and the server is built from it as main.ts builds
 * one — sandboxes off, the SMS provider installed, the durable jobs of server-jobs.ts worked.
 *
 * Its database is what `npm run migrate` leaves (every migration, no demo data), plus one customer
 * (`customer`): the test's own database (PGlite, or a database of its own on PostgreSQL:
 * tests/setup/db.ts), not DATABASE_URL. It serves no built console (API only). The keys are the
 * process's (lib/keys.ts and lib/pii.ts hold one keyring per process, and the demo server beside it
 * seals with the demo's): the environment carries them as production requires, with those values.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { aliyunSms, installSmsSender } from '../../src/server/adapters/sms';
import { buildServer, configuredOptions } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import type { Db } from '../../src/server/db';
import { pendingMigrations } from '../../src/server/db/readiness';
import { installJobs, startJobs, type Jobs } from '../../src/server/jobs';
import { DEMO_SERVER_KEYS, serverKeys, useServerKeys } from '../../src/server/lib/keys';
import { DEMO_PII_KEYS, sealPii, usePiiKeys } from '../../src/server/lib/pii';
import { serverVod } from '../../src/server/routes/upload';
import { serverPayoutChannel } from '../../src/server/routes/payout-channel-provider';
import { PAYOUT_CHANNEL_SANDBOX_PATH } from '../../src/server/sandbox/payout-channel';
import { SANDBOX_ACCOUNT_KEY, SANDBOX_BUCKET } from '../../src/server/sandbox/cloud';
import { SANDBOX_SMS_KEY } from '../../src/server/sandbox/dysms';
import { SANDBOX_ESIGN_KEY } from '../../src/server/sandbox/esign';
import { SANDBOX_STS } from '../../src/server/sandbox/sts';
import { serverJobs } from '../../src/server/server-jobs';
import { openTestDb } from './db';
import { freePort, productionEnv } from './spawn';
import type { TestServer } from './server';

/** The SMS templates production is configured with (the SendSms sandbox keeps them with each message). */
export const PROD_SMS = { signName: '企业服务平台', codeTemplate: 'SMS_465880123', noticeTemplate: 'SMS_465880999' };

export interface ProductionServer {
  /** `http://127.0.0.1:<port>`, also its PUBLIC_ORIGIN (the links its SMS carry) */
  url: string;
  db: Db;
  app: FastifyInstance;
  config: Config;
  customer: Customer;
  close(): Promise<void>;
}

/** The customer of a production database: a verified member company, its 管理员 and its 财务. */
export interface Customer {
  companyId: number;
  admin: { id: number; mobile: string; name: string };
  finance: { id: number; mobile: string; name: string };
}

/**
 * Writes the customer as the platform's review (status normal) and a paid membership would have
 * left it: production has no endpoint for the platform's review of a company (the sandbox's
 * operator page is its only caller), and the membership's payment is another flow.
 */
export async function customer(db: Db, now = new Date()): Promise<Customer> {
  const c = await db.one<{ id: number }>(
    `INSERT INTO companies (name, short_name, creditcode, status, is_pay_taxe, company_lv, member_expire, submitted_at, reviewed_at, created_at)
     VALUES ('杭州禾川供应链管理有限公司', '禾川供应链', '91330110MA2KX8RQ5L', 'normal', true, 1, $1::date + 300, $1, $1, $1) RETURNING id`,
    [now],
  );
  const person = async (mobile: string, name: string, role: 'admin' | 'member', roles: string[]) => {
    const m = sealPii('mobile', mobile);
    const u = await db.one<{ id: number }>(
      `INSERT INTO users (mobile_enc, mobile_bidx, mobile_mask, realname, verify_status, company_id, role, roles, member_status, joined_at, created_at)
       VALUES ($1, $2, $3, $4, 1, $5, $6, $7, 'normal', $8, $8) RETURNING id`,
      [m.enc, m.bidx, m.mask, name, c!.id, role, roles, now],
    );
    return { id: u!.id, mobile, name };
  };
  const admin = await person('13800000001', '王丽娟', 'admin', ['member']);
  const finance = await person('13905710007', '周婷', 'member', ['finance', 'member']);
  await db.query('UPDATE companies SET submitted_by = $1 WHERE id = $2', [admin.id, c!.id]);
  return { companyId: c!.id, admin, finance };
}

/**
 * The production environment of a deployment whose providers are `a`'s sandboxes: Alibaba Cloud
 * SMS, STS, VOD and OSS, e签宝, the TSA (its certificate in `certFile`) and the payout channel.
 */
export function sandboxedProductionEnv(a: Pick<TestServer, 'url'>, origin: string, certFile: string, jobsSchema: string): Record<string, string> {
  const b64 = (b: Buffer) => b.toString('base64');
  return productionEnv({
    // opened by the test, not from here (see the file's comment); production requires the setting
    DATABASE_URL: 'postgres://hr_app@127.0.0.1:5432/hr',
    PUBLIC_ORIGIN: origin,
    PII_KEYS: `${DEMO_PII_KEYS.current}:${b64(DEMO_PII_KEYS.keys.get(DEMO_PII_KEYS.current)!)}`,
    PII_INDEX_KEY: b64(DEMO_PII_KEYS.index),
    SMS_CODE_KEY: b64(DEMO_SERVER_KEYS.smsCode),
    PAYOUT_CHANNEL_KEY: b64(DEMO_SERVER_KEYS.payoutChannel),
    JOBS_SCHEMA: jobsSchema,
    ALIYUN_SMS_ENDPOINT: `${a.url}/sandbox/dysms/`,
    ALIYUN_SMS_ACCESS_KEY_ID: SANDBOX_SMS_KEY.accessKeyId,
    ALIYUN_SMS_ACCESS_KEY_SECRET: SANDBOX_SMS_KEY.accessKeySecret,
    ALIYUN_SMS_SIGN_NAME: PROD_SMS.signName,
    ALIYUN_SMS_TEMPLATE_CODE: PROD_SMS.codeTemplate,
    ALIYUN_SMS_NOTICE_TEMPLATE_CODE: PROD_SMS.noticeTemplate,
    ALIYUN_STS_ENDPOINT: `${a.url}/sandbox/sts/`,
    ALIYUN_STS_ACCESS_KEY_ID: SANDBOX_STS.accessKeyId,
    ALIYUN_STS_ACCESS_KEY_SECRET: SANDBOX_STS.accessKeySecret,
    ALIYUN_STS_ROLE_ARN: SANDBOX_STS.roleArn,
    ALIYUN_OSS_BUCKET: SANDBOX_BUCKET,
    ALIYUN_OSS_ENDPOINT: a.url,
    ALIYUN_VOD_ENDPOINT: `${a.url}/sandbox/vod`,
    ALIYUN_VOD_ACCESS_KEY_ID: SANDBOX_ACCOUNT_KEY.accessKeyId,
    ALIYUN_VOD_ACCESS_KEY_SECRET: SANDBOX_ACCOUNT_KEY.accessKeySecret,
    ESIGN_ENDPOINT: `${a.url}/sandbox/esign`,
    ESIGN_APP_ID: SANDBOX_ESIGN_KEY.appId,
    ESIGN_APP_SECRET: SANDBOX_ESIGN_KEY.appSecret,
    TSA_URL: `${a.url}/sandbox/tsa`,
    TSA_CERT_FILE: certFile,
    PAYOUT_CHANNEL_URL: `${a.url}${PAYOUT_CHANNEL_SANDBOX_PATH}`,
  });
}

/**
 * Starts the production server for `a`'s sandboxes (`over`: settings changed) on its own migrated
 * database holding `customer`. Installs the process's SMS provider and job queue (one each per
 * process, as in main.ts): start one at a time, and close it before another.
 */
export async function startProductionServer(a: Pick<TestServer, 'url'>, over: Record<string, string> = {}): Promise<ProductionServer> {
  const dir = await mkdtemp(join(tmpdir(), 'prod-'));
  const certFile = join(dir, 'tsa.pem');
  // the TSA's certificate, fetched once as an operator would and kept in the file TSA_CERT_FILE names
  await writeFile(certFile, await (await fetch(`${a.url}/sandbox/tsa/cert`)).text());
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const jobsSchema = `pgboss_prod_${randomBytes(4).toString('hex')}`;
  const config = loadConfig({ ...sandboxedProductionEnv(a, url, certFile, jobsSchema), ...over } as NodeJS.ProcessEnv);
  // main.ts's order: keys, the SMS provider, the database, the server, the jobs, listen
  useServerKeys(config.keys);
  usePiiKeys(config.pii);
  if (!serverKeys().smsCode.equals(DEMO_SERVER_KEYS.smsCode)) throw new Error('the process keeps one keyring');
  installSmsSender(aliyunSms(config.sms!));
  const db = await openTestDb({ unseeded: true });
  let app: FastifyInstance | null = null;
  let who: Customer;
  let jobs: Jobs | null = null;
  const close = async () => {
    installJobs(null);
    installSmsSender(null);
    await app?.close();
    await jobs?.stop(2000).catch(() => undefined);
    if (db.kind === 'pg') await db.exec(`DROP SCHEMA IF EXISTS ${jobsSchema} CASCADE`).catch(() => undefined);
    await db.close();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    // main.ts's check in production: every migration recorded (openTestDb's `unseeded`: migrated, no demo data)
    if ((await pendingMigrations(db)).length) throw new Error('migrations missing');
    who = await customer(db);
    app = await buildServer({ ...configuredOptions(config), db, staticDir: null, logger: false, cleanupByJob: true });
    const vod = serverVod(app, { vod: config.vod, sandbox: config.sandbox });
    // `npm run migrate` prepares pg-boss's schema in production (migrate: false there); here the
    // test's database is new, so the queue prepares itself (server-jobs.test.ts covers the refusal)
    const payoutChannel = serverPayoutChannel(app, { url: config.payoutChannelUrl, sandbox: config.sandbox, publicOrigin: config.publicOrigin });
    jobs = await startJobs({ db, schema: config.jobsSchema, migrate: true }, serverJobs({ vod: vod?.client ?? null, payoutChannel }));
    await jobs.work();
    installJobs(jobs);
    await app.listen({ port, host: '127.0.0.1' });
  } catch (err) {
    await close();
    throw err;
  }
  return { url, db, app, config, customer: who, close };
}

export interface SentSms {
  mobile: string;
  sign_name: string;
  template_code: string;
  template_param: Record<string, string>;
}

/**
 * The SendSms sandbox's outbox at `a` (newest first): `after(mobile, action)` runs `action` and waits
 * for the first message to `mobile` that arrived after it started (the `sms-send` job delivers it);
 * an action answering a refusal (an envelope whose code is not 200) fails at once. The gateway keeps
 * its last 200 messages: enough for one test file's flow.
 */
export function smsGateway(a: Pick<TestServer, 'url'>) {
  const outbox = async () => ((await (await fetch(`${a.url}/sandbox/dysms/outbox`)).json()) as { list: SentSms[] }).list;
  return {
    outbox,
    async after<T>(mobile: string, action: () => Promise<T>, timeoutMs = 15_000): Promise<{ result: T; sms: SentSms }> {
      const before = (await outbox()).length;
      const result = await action();
      // an envelope refusing the action: no SMS will come
      const env = (result as { body?: { code?: unknown; msg?: unknown } } | undefined)?.body;
      if (env && typeof env.code === 'number' && env.code !== 200) throw new Error(`no SMS expected: ${env.code} ${String(env.msg)}`);
      const t0 = Date.now();
      for (;;) {
        const list = await outbox();
        const fresh = list.slice(0, list.length - before).reverse();
        const sms = fresh.find((m) => m.mobile === mobile);
        if (sms) return { result, sms };
        if (Date.now() - t0 > timeoutMs) throw new Error(`no SMS reached ${mobile} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
