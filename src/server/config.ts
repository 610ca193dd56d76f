/**
 * The server's configuration: the environment read once at start, validated by one zod schema
 * (README: Production → Configuration). Two profiles:
 * - demo (`npm start`, NODE_ENV not `production`): embedded PGlite in DATA_DIR (or DATABASE_URL),
 *   sandboxes on, demo data seeded into an empty database, listens on 127.0.0.1 unless HOST is set;
 * - production (`NODE_ENV=production`, `npm run start:prod`): PostgreSQL from DATABASE_URL only,
 *   never seeds, never mounts a sandbox, every secret from the environment, PUBLIC_ORIGIN instead of
 *   the X-Forwarded-Host of whoever calls, trustProxy for the load balancer's X-Forwarded-For.
 * A bad configuration answers one line per problem (`KEY: what is wrong`) and no server.
 * Every setting is read here and nowhere else: modules get theirs from the Config, passed in
 * (buildServer's options) or handed over once at start (lib/keys.ts useServerKeys, lib/pii.ts
 * usePiiKeys; main.ts, migrate-main.ts), so tests set them without touching the environment.
 *
 * Why one file of ~680 lines: every setting of both profiles in one schema, in the README's order;
 * split, the list the operator reads would be scattered over files.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import type { EsignConfig } from './adapters/esign';
import type { AliyunSmsConfig } from './adapters/sms';
import type { AliyunStsConfig } from './adapters/sts';
import type { TsaConfig } from './adapters/tsa';
import type { AliyunVodConfig } from './adapters/vod';
import type { WechatPayConfig } from './adapters/wechatpay';
import { clientLimit, DEFAULT_PG_TIMEOUTS, type PgTimeouts } from './db/pg';
import { DEFAULT_UPLOAD_QUOTA, type UploadQuota } from './domain/quota';
import { DEMO_TAX_SELLER, type TaxSeller } from './domain/tax/seller';
import { isUscc } from '../contract/uscc';
import { DEMO_SERVER_KEYS, type ServerKeys } from './lib/keys';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './lib/limits';
import { DEMO_PII_KEYS, type PiiKeys } from './lib/pii';

export type Profile = 'demo' | 'production';

/**
 * The cloud endpoints the browser's uploads reach in production: GET /upload/sts names the video
 * service (the console signs CreateUploadVideo/RefreshUploadVideo… to it with the STS credentials,
 * RPC signature 1.0, as SMS), and the CSP's connect-src lets the console reach it and the object
 * store, virtual-host style (`https://<bucket>.oss-<region>.aliyuncs.com`, the UploadAddress VOD answers).
 */
export interface UploadEndpoints {
  /** `https://vod.cn-shanghai.aliyuncs.com` */
  vodEndpoint: string;
  regionId: string;
  /** the OSS origins uploads go to: each bucket's virtual host, or `https://*.oss-<region>.aliyuncs.com` */
  ossOrigins: string[];
}

/** A bucket's virtual-host origin on an OSS endpoint (`https://oss-cn-shanghai.aliyuncs.com` → `https://b.oss-cn-shanghai.aliyuncs.com`). */
export const ossVirtualHost = (endpoint: string, bucket: string) => {
  const u = new URL(endpoint);
  return `${u.protocol}//${bucket}.${u.host}`;
};

export interface Config {
  profile: Profile;
  port: number;
  host: string;
  /** PostgreSQL; undefined → PGlite in dataDir (demo only) */
  databaseUrl: string | undefined;
  /** pooled connections per server process (PostgreSQL) */
  dbPoolMax: number;
  /** DB_POOLER=transaction: behind PgBouncer (or a cloud proxy) in transaction mode (db/pg.ts) */
  dbPooler: boolean;
  /** DB_*_TIMEOUT_MS: how long to wait on the database (db/pg.ts PgTimeouts; PGlite takes the idle one) */
  dbTimeouts: PgTimeouts;
  dataDir: string;
  staticDir: string;
  sandbox: boolean;
  seed: boolean;
  /** `https://hr.example.com`: links in SMS, QR codes and payment pages; null → the request's Host */
  publicOrigin: string | null;
  /** whose X-Forwarded-For/-Proto count: hops of proxies, their addresses (a list), all (true), none (false); http/trust-proxy.ts */
  trustProxy: boolean | number | string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
  /** how long SIGTERM waits for requests in flight before closing anyway */
  shutdownTimeoutMs: number;
  /** Alibaba Cloud SMS (production); null: the demo's sandbox outbox */
  sms: AliyunSmsConfig | null;
  /** bearer token of GET /metrics (Prometheus); null: no metrics endpoint */
  metricsToken: string | null;
  /** pg-boss's schema for the durable jobs (JOBS_SCHEMA, default pgboss): servers sharing a queue name the same one */
  jobsSchema: string;
  /** Alibaba Cloud STS AssumeRole for upload credentials (production, optional as a whole) */
  sts: AliyunStsConfig | null;
  /** where production's upload credentials point the console (with STS); null: the demo's sandboxes */
  uploads: UploadEndpoints | null;
  /** the server's own key at the video service (with STS): upload registration, signed previews */
  vod: AliyunVodConfig | null;
  /** e签宝 open API (ESIGN_APP_ID + ESIGN_APP_SECRET, optional as a pair, ESIGN_ENDPOINT): 实名认证; null: the demo's sandbox / none */
  esign: EsignConfig | null;
  /** ESIGN_REALNAME_TELECOM3=1: 运营商三要素 with the worker's mobile after 二要素 */
  realnameTelecom3: boolean;
  /** ESIGN_SIGN_FLOWS (default 1): signatures through e签宝's signing flows when there is an e签宝 (ESIGN_*, or the demo's sandbox); 0: in-house */
  signFlows: boolean;
  /** the time-stamping authority of e-signatures (TSA_URL + TSA_CERT_FILE, optional as a pair); null: the demo's sandbox / none */
  tsa: TsaConfig | null;
  /** WeChat Pay v3 merchant (production, optional as a whole); null: the sandbox platform / none */
  wechatPay: WechatPayConfig | null;
  /** LOGIN_* and WECHAT_*_IP_PER_MINUTE over lib/limits.ts's defaults: buildServer's `loginLimits` */
  loginLimits: LoginLimits;
  /** UPLOAD_QUOTA_BYTES / UPLOAD_QUOTA_FILES over domain/quota.ts's defaults: buildServer's `uploadQuota` */
  uploadQuota: UploadQuota;
  /** PAYOUT_CHANNEL_URL: the payout channel's API (adapters/payout-channel.ts; production requires it); null: the demo's sandbox channel */
  payoutChannelUrl: string | null;
  /** SMS_CODE_KEY, PAYOUT_CHANNEL_KEY (production requires both; else the demo's fixed keys): lib/keys.ts useServerKeys */
  keys: ServerKeys;
  /** PII_KEYS, PII_INDEX_KEY (production requires both; else the demo's fixed keys): lib/pii.ts usePiiKeys */
  pii: PiiKeys;
  /** TAX_SELLER_* (production requires name, tax number, address, bank; the demo's seller otherwise): the tax service's invoices */
  taxSeller: TaxSeller;
}

const key32 = (name: string) =>
  z
    .string({ error: `${name} 未设置（base64 编码的 32 字节密钥，可用 openssl rand -base64 32 生成）` })
    .refine((v) => Buffer.from(v, 'base64').length === 32, `${name} 应为 base64 编码的 32 字节密钥`);

const port = z.coerce
  .number({ error: '应为 1–65535 的端口号' })
  .int('应为 1–65535 的端口号')
  .min(1, '应为 1–65535 的端口号')
  .max(65535, '应为 1–65535 的端口号');
// the error on coerce: a word ('lots' → NaN) says so in Chinese too, not zod's English
const positiveInt = z.coerce.number({ error: '应为正整数' }).int('应为正整数').positive('应为正整数');
const flag = z.enum(['0', '1'], { error: '只能是 0 或 1' });
/** milliseconds, 0 = no limit */
const ms = z.coerce
  .number({ error: '应为毫秒数（0 表示不限）' })
  .int('应为毫秒数（0 表示不限）')
  .min(0, '应为毫秒数（0 表示不限）')
  .max(3_600_000, '应不超过 3600000（1 小时）');

/** The database limits of DB_*_TIMEOUT_MS; the client's own limit follows the statement's unless set. */
function dbTimeouts(e: {
  DB_CONNECT_TIMEOUT_MS?: number;
  DB_STATEMENT_TIMEOUT_MS?: number;
  DB_LOCK_TIMEOUT_MS?: number;
  DB_IDLE_IN_TX_TIMEOUT_MS?: number;
  DB_QUERY_TIMEOUT_MS?: number;
}): PgTimeouts {
  const d = DEFAULT_PG_TIMEOUTS;
  const statementMs = e.DB_STATEMENT_TIMEOUT_MS ?? d.statementMs;
  return {
    connectMs: e.DB_CONNECT_TIMEOUT_MS ?? d.connectMs,
    statementMs,
    lockMs: e.DB_LOCK_TIMEOUT_MS ?? d.lockMs,
    idleInTxMs: e.DB_IDLE_IN_TX_TIMEOUT_MS ?? d.idleInTxMs,
    queryMs: e.DB_QUERY_TIMEOUT_MS ?? (e.DB_STATEMENT_TIMEOUT_MS === undefined ? d.queryMs : clientLimit(statementMs)),
  };
}
const pgUrl = z.string().refine((v) => /^postgres(ql)?:\/\/[^\s]+$/.test(v), '应为 postgres://用户:密码@主机:端口/库名 形式的连接串');
const origin = z
  .string()
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === v.replace(/\/$/, '');
    } catch {
      return false;
    }
  }, '应为站点根地址，如 https://hr.example.com（不含路径）')
  .transform((v) => v.replace(/\/$/, ''));
/** `true`, `false`, a hop count, or the proxies' addresses/CIDRs (proxy-addr names: loopback, uniquelocal …). */
const PROXY_ADDR = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/;
const trustProxy = z
  .string()
  .refine(
    (v) => /^(true|false|\d{1,2})$/.test(v) || v.split(',').every((x) => PROXY_ADDR.test(x.trim())),
    '应为 true、false、代理层数（如 1）或代理地址列表（如 10.0.0.0/8,loopback）',
  )
  .transform((v) => (v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v));
const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace'], { error: '应为 fatal/error/warn/info/debug/trace 之一' });

const BUCKET_RE = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;
/** An endpoint's origin (`https://vod.cn-shanghai.aliyuncs.com`); http only for a sandbox on this machine. */
const httpsOrigin = z
  .string()
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || (u.protocol === 'http:' && /^(127\.0\.0\.1|localhost)$/.test(u.hostname))) && !u.search && !u.hash;
    } catch {
      return false;
    }
  }, '应为 https:// 开头的地址，如 https://vod.cn-shanghai.aliyuncs.com')
  .transform((v) => v.replace(/\/$/, ''));

/** The payout channel's API base: https (plain http only to this machine, e.g. a sandbox), a path, no query. */
const CHANNEL_URL_MSG = '应为发放通道接口的 https:// 地址，如 https://pay.example.com/api/v1（不含查询参数）';
const channelUrl = z
  .string()
  .refine((v) => {
    const u = URL.parse(v);
    return !!u && (u.protocol === 'https:' || (u.protocol === 'http:' && /^(127\.0\.0\.1|localhost)$/.test(u.hostname))) && !u.search && !u.hash && !u.username;
  }, CHANNEL_URL_MSG)
  .transform((v) => v.replace(/\/+$/, ''));

/** Settings both profiles read (all optional here; production adds what it requires). */
const common = z.object({
  PORT: port.optional(),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: pgUrl.optional(),
  DB_POOL_MAX: positiveInt.max(200, '应为 1–200').optional(),
  DB_POOLER: z.enum(['none', 'transaction'], { error: '应为 none 或 transaction（经 PgBouncer 等事务级连接池连接时）' }).optional(),
  DB_CONNECT_TIMEOUT_MS: ms.optional(),
  DB_STATEMENT_TIMEOUT_MS: ms.optional(),
  DB_LOCK_TIMEOUT_MS: ms.optional(),
  DB_IDLE_IN_TX_TIMEOUT_MS: ms.optional(),
  DB_QUERY_TIMEOUT_MS: ms.optional(),
  STATIC_DIR: z.string().min(1).optional(),
  PUBLIC_ORIGIN: origin.optional(),
  TRUST_PROXY: trustProxy.optional(),
  LOG_LEVEL: logLevel.optional(),
  SHUTDOWN_TIMEOUT_MS: positiveInt.optional(),
  METRICS_TOKEN: z.string().min(16, '应至少 16 个字符').max(200, '应不超过 200 个字符').optional(),
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, '应为小写字母、数字或下划线组成的模式名')
    .optional(),
  LOGIN_CODES_PER_DAY: positiveInt.optional(),
  LOGIN_FAILS_PER_DAY: positiveInt.optional(),
  LOGIN_IP_PER_MINUTE: positiveInt.optional(),
  WECHAT_QR_IP_PER_MINUTE: positiveInt.optional(),
  WECHAT_POLL_IP_PER_MINUTE: positiveInt.optional(),
  LOGIN_SMS_IP_PER_DAY: positiveInt.optional(),
  LOGIN_SMS_TOKEN_PER_DAY: positiveInt.optional(),
  PUBLIC_IP_PER_MINUTE: positiveInt.optional(),
  PUBLIC_SIGNUPS_PER_TASK_PER_DAY: positiveInt.optional(),
  UPLOAD_QUOTA_BYTES: positiveInt.optional(),
  UPLOAD_QUOTA_FILES: positiveInt.optional(),
  ESIGN_ENDPOINT: httpsOrigin.optional(),
  ESIGN_APP_ID: z
    .string()
    .regex(/^[\w-]{4,64}$/, '应为 e签宝 开放平台的应用 ID（APP ID）')
    .optional(),
  ESIGN_APP_SECRET: z.string().min(8, '应为 e签宝 开放平台的应用密钥（APP KEY）').max(256, '应为 e签宝 开放平台的应用密钥（APP KEY）').optional(),
  ESIGN_REALNAME_TELECOM3: flag.optional(),
  ESIGN_SIGN_FLOWS: flag.optional(),
  TSA_URL: z
    .string()
    .refine((v) => /^https?:$/.test(URL.parse(v)?.protocol ?? ''), '应为时间戳服务（RFC 3161）的 http:// 或 https:// 地址')
    .optional(),
  TSA_CERT_FILE: z.string().optional(),
  PAYOUT_CHANNEL_URL: channelUrl.optional(),
  TAX_SELLER_NAME: z.string().trim().min(4, '应为开票销售方的名称（营业执照上的全称）').max(100).optional(),
  TAX_SELLER_TAX_NO: z.string().trim().toUpperCase().refine(isUscc, '应为18位统一社会信用代码（销售方纳税人识别号）').optional(),
  TAX_SELLER_ADDRESS: z.string().trim().min(4, '应为销售方地址、电话，如 杭州市西湖区文三路1号 0571-88880000').max(200).optional(),
  TAX_SELLER_BANK: z.string().trim().min(4, '应为销售方开户行及账号，如 招商银行杭州分行 571900000000000000').max(200).optional(),
  TAX_SELLER_VAT_RATE: z.coerce.number({ error: '应为增值税税率（百分数，如 6）' }).min(0, '应为 0–17 的百分数').max(17, '应为 0–17 的百分数').optional(),
});

/** `1:<base64 32 bytes>,2:<…>`: the last one seals; a version once only (a repeated one would hide a key). */
const PII_KEYS = z
  .string({ error: 'PII_KEYS 未设置（1:<base64 32字节>[,2:<…>]，最后一把用于加密）' })
  .refine(
    (v) => v.split(',').every((p) => /^\d+:(.+)$/.test(p.trim()) && Buffer.from(p.trim().replace(/^\d+:/, ''), 'base64').length === 32),
    'PII_KEYS 格式应为 1:<base64 32字节>,2:<…>',
  )
  .refine((v) => {
    const versions = v
      .split(',')
      .flatMap((p) => /^\s*(\d+):/.exec(p)?.[1] ?? [])
      .map(Number);
    return new Set(versions).size === versions.length;
  }, 'PII_KEYS 的版本号不能重复（每把密钥一个版本号）');

/** The versions and keys of a checked PII_KEYS, in its order. */
function piiKeyList(v: string): [number, Buffer][] {
  return v.split(',').map((part) => {
    const p = part.trim();
    const colon = p.indexOf(':');
    return [Number(p.slice(0, colon)), Buffer.from(p.slice(colon + 1), 'base64')];
  });
}

/** Settings the production profile requires and the demo takes when given (else its fixed keys). */
const secrets = {
  PII_KEYS,
  PII_INDEX_KEY: key32('PII_INDEX_KEY'),
  SMS_CODE_KEY: key32('SMS_CODE_KEY'),
  PAYOUT_CHANNEL_KEY: key32('PAYOUT_CHANNEL_KEY'),
};

const demo = common.extend({
  DATA_DIR: z.string().min(1).optional(),
  SANDBOX: flag.optional(),
  SEED: flag.optional(),
  PII_KEYS: secrets.PII_KEYS.optional(),
  PII_INDEX_KEY: secrets.PII_INDEX_KEY.optional(),
  SMS_CODE_KEY: secrets.SMS_CODE_KEY.optional(),
  PAYOUT_CHANNEL_KEY: secrets.PAYOUT_CHANNEL_KEY.optional(),
});

const production = common.extend({
  DATABASE_URL: z.string({ error: '生产环境必须设置 DATABASE_URL（PostgreSQL 连接串），不使用内嵌数据库' }).pipe(pgUrl),
  PUBLIC_ORIGIN: z.string({ error: '生产环境必须设置 PUBLIC_ORIGIN（控制台对外地址，如 https://hr.example.com）' }).pipe(origin),
  SANDBOX: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '0', '生产环境不能开启沙箱（沙箱无需登录即可读验证码、审核企业、标记订单已付）；请删除 SANDBOX'),
  SEED: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '0', '生产环境从不写入演示数据；请删除 SEED'),
  DATA_DIR: z
    .string()
    .optional()
    .refine((v) => v === undefined, '生产环境不使用 DATA_DIR（内嵌数据库），数据在 DATABASE_URL 的 PostgreSQL'),
  PII_KEYS: secrets.PII_KEYS,
  ALIYUN_SMS_ENDPOINT: z.url({ error: '应为 https:// 开头的地址' }).optional(),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string({ error: '生产环境必须设置 ALIYUN_SMS_ACCESS_KEY_ID（阿里云短信 AccessKey ID）' }).min(1),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string({ error: '生产环境必须设置 ALIYUN_SMS_ACCESS_KEY_SECRET（阿里云短信 AccessKey Secret）' }).min(1),
  ALIYUN_SMS_SIGN_NAME: z.string({ error: '生产环境必须设置 ALIYUN_SMS_SIGN_NAME（短信签名）' }).min(1).max(30),
  ALIYUN_SMS_TEMPLATE_CODE: z
    .string({ error: '生产环境必须设置 ALIYUN_SMS_TEMPLATE_CODE（验证码模板，如 SMS_123456789，模板变量 ${code}）' })
    .regex(/^SMS_\d+$/, '应为 SMS_ 加数字的模板编号'),
  ALIYUN_SMS_NOTICE_TEMPLATE_CODE: z
    .string()
    .regex(/^SMS_\d+$/, '应为 SMS_ 加数字的模板编号（模板变量 ${content}）')
    .optional(),
  PII_INDEX_KEY: secrets.PII_INDEX_KEY,
  WECHATPAY_MCHID: z
    .string()
    .regex(/^\d{8,12}$/, '应为微信支付商户号（数字）')
    .optional(),
  WECHATPAY_APPID: z
    .string()
    .regex(/^wx[0-9a-z]{16}$/, '应为 wx 开头的 18 位 AppID')
    .optional(),
  WECHATPAY_API_V3_KEY: z.string().length(32, '应为 32 个字符的 APIv3 密钥').optional(),
  WECHATPAY_PLATFORM_SERIAL: z
    .string()
    .regex(/^[0-9A-F]{8,64}$/i, '应为平台证书序列号')
    .optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY: z
    .string()
    .refine((v) => pem(v) !== null, '应为微信支付平台公钥（PEM，或其 base64）')
    .optional(),
  ALIYUN_STS_ENDPOINT: z.url({ error: '应为 https:// 开头的地址' }).optional(),
  ALIYUN_STS_ACCESS_KEY_ID: z.string().min(1).optional(),
  ALIYUN_STS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
  ALIYUN_STS_ROLE_ARN: z
    .string()
    .regex(/^acs:ram::\d+:role\/[\w.-]+$/, '应为 acs:ram::<账号ID>:role/<角色名>')
    .optional(),
  ALIYUN_OSS_BUCKET: z.string().regex(BUCKET_RE, '应为 3–63 位小写字母、数字或 - 的 Bucket 名').optional(),
  ALIYUN_REGION: z
    .string()
    .regex(/^[a-z]{2}-[a-z0-9-]+$/, '应为地域 ID，如 cn-shanghai')
    .optional(),
  ALIYUN_VOD_ENDPOINT: httpsOrigin.optional(),
  ALIYUN_VOD_ACCESS_KEY_ID: z.string().min(1).max(128).optional(),
  ALIYUN_VOD_ACCESS_KEY_SECRET: z.string().min(1).max(256).optional(),
  ALIYUN_OSS_ENDPOINT: httpsOrigin.optional(),
  ALIYUN_VOD_STORAGE: z
    .string()
    .refine((v) => v.split(',').every((b) => BUCKET_RE.test(b.trim())), '应为视频点播存储 Bucket 名，多个用逗号分隔（如 outin-1234abcd）')
    .optional(),
  WECHATPAY_MERCHANT_SERIAL: z
    .string()
    .regex(/^[0-9A-F]{8,64}$/i, '应为商户 API 证书序列号')
    .optional(),
  WECHATPAY_MERCHANT_PRIVATE_KEY: z
    .string()
    .refine((v) => privatePem(v) !== null, '应为商户 API 私钥（apiclient_key.pem 的内容，或其 base64）')
    .optional(),
  WECHATPAY_ENDPOINT: z.url({ error: '应为 https:// 开头的地址' }).optional(),
  SMS_CODE_KEY: secrets.SMS_CODE_KEY,
  PAYOUT_CHANNEL_KEY: secrets.PAYOUT_CHANNEL_KEY,
  // the invoices of the tax service name the platform as 销售方: never the demo's
  TAX_SELLER_NAME: z.string({ error: '生产环境必须设置 TAX_SELLER_NAME（完税服务发票的销售方名称）' }).pipe(common.shape.TAX_SELLER_NAME.unwrap()),
  TAX_SELLER_TAX_NO: z.string({ error: '生产环境必须设置 TAX_SELLER_TAX_NO（销售方纳税人识别号）' }).pipe(common.shape.TAX_SELLER_TAX_NO.unwrap()),
  TAX_SELLER_ADDRESS: z.string({ error: '生产环境必须设置 TAX_SELLER_ADDRESS（销售方地址、电话）' }).pipe(common.shape.TAX_SELLER_ADDRESS.unwrap()),
  TAX_SELLER_BANK: z.string({ error: '生产环境必须设置 TAX_SELLER_BANK（销售方开户行及账号）' }).pipe(common.shape.TAX_SELLER_BANK.unwrap()),
  // a confirmed batch must go somewhere: without a channel it would stay 发放中 with its money taken
  PAYOUT_CHANNEL_URL: z
    .string({
      error: '生产环境必须设置 PAYOUT_CHANNEL_URL（发放通道接口地址，如 https://pay.example.com/api/v1；结果回调到 PUBLIC_ORIGIN/ent/v3/payout/notify）',
    })
    .pipe(channelUrl),
});

type Parsed = z.infer<typeof demo> | z.infer<typeof production>;

/** The login limits: each setting given over lib/limits.ts's default. */
const loginLimits = (e: Parsed): LoginLimits => ({
  codesPerDay: e.LOGIN_CODES_PER_DAY ?? DEFAULT_LOGIN_LIMITS.codesPerDay,
  failsPerDay: e.LOGIN_FAILS_PER_DAY ?? DEFAULT_LOGIN_LIMITS.failsPerDay,
  ipPerMinute: e.LOGIN_IP_PER_MINUTE ?? DEFAULT_LOGIN_LIMITS.ipPerMinute,
  qrPerMinute: e.WECHAT_QR_IP_PER_MINUTE ?? DEFAULT_LOGIN_LIMITS.qrPerMinute,
  pollPerMinute: e.WECHAT_POLL_IP_PER_MINUTE ?? DEFAULT_LOGIN_LIMITS.pollPerMinute,
  smsIpPerDay: e.LOGIN_SMS_IP_PER_DAY ?? DEFAULT_LOGIN_LIMITS.smsIpPerDay,
  smsTokenPerDay: e.LOGIN_SMS_TOKEN_PER_DAY ?? DEFAULT_LOGIN_LIMITS.smsTokenPerDay,
  publicPerMinute: e.PUBLIC_IP_PER_MINUTE ?? DEFAULT_LOGIN_LIMITS.publicPerMinute,
  signupsPerTaskPerDay: e.PUBLIC_SIGNUPS_PER_TASK_PER_DAY ?? DEFAULT_LOGIN_LIMITS.signupsPerTaskPerDay,
});

const uploadQuota = (e: Parsed): UploadQuota => ({
  bytes: e.UPLOAD_QUOTA_BYTES ?? DEFAULT_UPLOAD_QUOTA.bytes,
  files: e.UPLOAD_QUOTA_FILES ?? DEFAULT_UPLOAD_QUOTA.files,
});

/** The tax service's 销售方: each setting given over the demo's. */
const taxSeller = (e: Parsed): TaxSeller => ({
  name: e.TAX_SELLER_NAME ?? DEMO_TAX_SELLER.name,
  taxNo: e.TAX_SELLER_TAX_NO ?? DEMO_TAX_SELLER.taxNo,
  address: e.TAX_SELLER_ADDRESS ?? DEMO_TAX_SELLER.address,
  bank: e.TAX_SELLER_BANK ?? DEMO_TAX_SELLER.bank,
  rateBp: e.TAX_SELLER_VAT_RATE === undefined ? DEMO_TAX_SELLER.rateBp : Math.round(e.TAX_SELLER_VAT_RATE * 100),
});

const b64 = (v: string | undefined) => (v === undefined ? undefined : Buffer.from(v, 'base64'));

const serverKeys = (e: { SMS_CODE_KEY?: string; PAYOUT_CHANNEL_KEY?: string }): ServerKeys => ({
  smsCode: b64(e.SMS_CODE_KEY) ?? DEMO_SERVER_KEYS.smsCode,
  payoutChannel: b64(e.PAYOUT_CHANNEL_KEY) ?? DEMO_SERVER_KEYS.payoutChannel,
});

/** The PII keyring of PII_KEYS (the last seals) and PII_INDEX_KEY; the demo's fixed keys for what is not given. */
function piiKeys(e: { PII_KEYS?: string; PII_INDEX_KEY?: string }): PiiKeys {
  const list = e.PII_KEYS === undefined ? null : piiKeyList(e.PII_KEYS);
  return {
    keys: list ? new Map(list) : DEMO_PII_KEYS.keys,
    current: list ? list.at(-1)![0] : DEMO_PII_KEYS.current,
    index: b64(e.PII_INDEX_KEY) ?? DEMO_PII_KEYS.index,
  };
}

/** A PEM public key, given as PEM text or base64 of it; null when it is neither. */
function pem(v: string) {
  const text = v.includes('BEGIN') ? v.replace(/\\n/g, '\n') : Buffer.from(v, 'base64').toString('utf8');
  try {
    return createPublicKey(text);
  } catch {
    return null;
  }
}

/** A PEM private key (the merchant's apiclient_key.pem), as PEM text or base64 of it; null otherwise. */
function privatePem(v: string) {
  const text = v.includes('BEGIN') ? v.replace(/\\n/g, '\n') : Buffer.from(v, 'base64').toString('utf8');
  try {
    return createPrivateKey(text);
  } catch {
    return null;
  }
}

const STS_KEYS = ['ALIYUN_STS_ACCESS_KEY_ID', 'ALIYUN_STS_ACCESS_KEY_SECRET', 'ALIYUN_STS_ROLE_ARN', 'ALIYUN_OSS_BUCKET'] as const;

const WECHATPAY_KEYS = [
  'WECHATPAY_MCHID',
  'WECHATPAY_APPID',
  'WECHATPAY_API_V3_KEY',
  'WECHATPAY_PLATFORM_SERIAL',
  'WECHATPAY_PLATFORM_PUBLIC_KEY',
  'WECHATPAY_MERCHANT_SERIAL',
  'WECHATPAY_MERCHANT_PRIVATE_KEY',
] as const;

/** The e签宝 application: ESIGN_APP_ID and ESIGN_APP_SECRET together or neither; the endpoint defaults to production's. */
function esignConfig(e: { ESIGN_ENDPOINT?: string; ESIGN_APP_ID?: string; ESIGN_APP_SECRET?: string }): EsignConfig | null {
  const keys = ['ESIGN_APP_ID', 'ESIGN_APP_SECRET'] as const;
  const given = keys.filter((k) => e[k] !== undefined);
  if (given.length === 0) {
    if (e.ESIGN_ENDPOINT !== undefined) throw new ConfigError(['ESIGN_APP_ID: 已设置 ESIGN_ENDPOINT 时必须设置（以及 ESIGN_APP_SECRET）']);
    return null;
  }
  if (given.length < keys.length) throw new ConfigError(keys.filter((k) => e[k] === undefined).map((k) => `${k}: 已设置其他 ESIGN_* 时必须一并设置`));
  return { endpoint: e.ESIGN_ENDPOINT ?? 'https://openapi.esign.cn', appId: e.ESIGN_APP_ID!, appSecret: e.ESIGN_APP_SECRET! };
}

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The TSA: TSA_URL and TSA_CERT_FILE (its signer's certificate(s), PEM) together or neither; the file read and checked now. */
function tsaConfig(e: { TSA_URL?: string; TSA_CERT_FILE?: string }): TsaConfig | null {
  if (e.TSA_URL === undefined && e.TSA_CERT_FILE === undefined) return null;
  if (e.TSA_CERT_FILE === undefined) throw new ConfigError(['TSA_CERT_FILE: 已设置 TSA_URL 时必须设置（时间戳机构签名证书的 PEM 文件路径）']);
  if (e.TSA_URL === undefined) throw new ConfigError(['TSA_URL: 已设置 TSA_CERT_FILE 时必须设置（时间戳服务地址）']);
  const path = resolve(e.TSA_CERT_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError([`TSA_CERT_FILE: 无法读取 ${path}（${(err as NodeJS.ErrnoException).code ?? String(err)}）`]);
  }
  const certs = text.match(PEM_CERT) ?? [];
  if (certs.length === 0) throw new ConfigError([`TSA_CERT_FILE: ${path} 中没有 PEM 证书（-----BEGIN CERTIFICATE-----）`]);
  certs.forEach((c, i) => {
    try {
      new X509Certificate(c);
    } catch {
      throw new ConfigError([`TSA_CERT_FILE: ${path} 中第 ${i + 1} 个证书无法解析`]);
    }
  });
  return { url: e.TSA_URL, trustedPem: certs.join('\n') + '\n' };
}

export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

function problems(error: z.ZodError): string[] {
  return error.issues.map((i) => {
    const k = i.path.join('.');
    // messages naming their key already read well on their own
    return i.message.startsWith(k) ? i.message : `${k}: ${i.message}`;
  });
}

/** The configuration of `env`, or a ConfigError listing every problem, one per line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const profile: Profile = env.NODE_ENV === 'production' ? 'production' : 'demo';
  // an empty variable counts as unset (`FOO= npm start`)
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  if (profile === 'production') {
    const r = production.safeParse(clean);
    if (!r.success) throw new ConfigError(problems(r.error));
    const e = r.data;
    // WeChat Pay: all of its settings or none
    const given = WECHATPAY_KEYS.filter((k) => e[k] !== undefined);
    if (given.length > 0 && given.length < WECHATPAY_KEYS.length) {
      throw new ConfigError(WECHATPAY_KEYS.filter((k) => e[k] === undefined).map((k) => `${k}: 已设置其他 WECHATPAY_* 时必须一并设置`));
    }
    // STS: all of its settings or none
    const stsGiven = STS_KEYS.filter((k) => e[k] !== undefined);
    if (stsGiven.length > 0 && stsGiven.length < STS_KEYS.length) {
      throw new ConfigError(STS_KEYS.filter((k) => e[k] === undefined).map((k) => `${k}: 已设置其他 ALIYUN_STS_*/ALIYUN_OSS_BUCKET 时必须一并设置`));
    }
    // the server asks VOD itself whether an upload finished: with STS, its own key is required
    if (stsGiven.length > 0) {
      const missing = (['ALIYUN_VOD_ACCESS_KEY_ID', 'ALIYUN_VOD_ACCESS_KEY_SECRET'] as const).filter((k) => e[k] === undefined);
      if (missing.length) throw new ConfigError(missing.map((k) => `${k}: 已设置 ALIYUN_STS_* 时必须设置（服务端查询视频点播上传结果的 AccessKey）`));
    }
    const region = e.ALIYUN_REGION ?? 'cn-shanghai';
    const ossEndpoint = e.ALIYUN_OSS_ENDPOINT ?? `https://oss-${region}.aliyuncs.com`;
    const storage = e.ALIYUN_VOD_STORAGE?.split(',').map((b) => b.trim());
    return {
      profile,
      uploads:
        stsGiven.length === 0
          ? null
          : {
              vodEndpoint: e.ALIYUN_VOD_ENDPOINT ?? `https://vod.${region}.aliyuncs.com`,
              regionId: region,
              // VOD's storage buckets when known, else any bucket of the region's OSS
              ossOrigins: storage ? storage.map((b) => ossVirtualHost(ossEndpoint, b)) : [ossVirtualHost(ossEndpoint, '*')],
            },
      vod:
        stsGiven.length === 0
          ? null
          : {
              endpoint: e.ALIYUN_VOD_ENDPOINT ?? `https://vod.${region}.aliyuncs.com`,
              accessKeyId: e.ALIYUN_VOD_ACCESS_KEY_ID!,
              accessKeySecret: e.ALIYUN_VOD_ACCESS_KEY_SECRET!,
              regionId: region,
              ossEndpoint,
            },
      sts:
        stsGiven.length === 0
          ? null
          : {
              endpoint: e.ALIYUN_STS_ENDPOINT ?? 'https://sts.aliyuncs.com/',
              accessKeyId: e.ALIYUN_STS_ACCESS_KEY_ID!,
              accessKeySecret: e.ALIYUN_STS_ACCESS_KEY_SECRET!,
              roleArn: e.ALIYUN_STS_ROLE_ARN!,
              bucket: e.ALIYUN_OSS_BUCKET!,
              regionId: e.ALIYUN_REGION ?? 'cn-shanghai',
            },
      port: e.PORT ?? 8080,
      // behind a load balancer: every interface of the machine (or HOST)
      host: e.HOST ?? '0.0.0.0',
      databaseUrl: e.DATABASE_URL,
      dbPoolMax: e.DB_POOL_MAX ?? 10,
      dbPooler: e.DB_POOLER === 'transaction',
      dbTimeouts: dbTimeouts(e),
      dataDir: resolve('./data'),
      staticDir: resolve(e.STATIC_DIR ?? 'dist'),
      sandbox: false,
      seed: false,
      publicOrigin: e.PUBLIC_ORIGIN ?? null,
      trustProxy: e.TRUST_PROXY ?? 1,
      logLevel: e.LOG_LEVEL ?? 'info',
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS ?? 25_000,
      metricsToken: e.METRICS_TOKEN ?? null,
      jobsSchema: e.JOBS_SCHEMA ?? 'pgboss',
      sms: {
        endpoint: e.ALIYUN_SMS_ENDPOINT ?? 'https://dysmsapi.aliyuncs.com/',
        accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID,
        accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET,
        signName: e.ALIYUN_SMS_SIGN_NAME,
        templateCode: e.ALIYUN_SMS_TEMPLATE_CODE,
        noticeTemplateCode: e.ALIYUN_SMS_NOTICE_TEMPLATE_CODE,
      },
      wechatPay:
        given.length === 0
          ? null
          : {
              mchid: e.WECHATPAY_MCHID!,
              appid: e.WECHATPAY_APPID!,
              apiV3Key: e.WECHATPAY_API_V3_KEY!,
              platformSerial: e.WECHATPAY_PLATFORM_SERIAL!,
              platformPublicKey: pem(e.WECHATPAY_PLATFORM_PUBLIC_KEY!)!,
              endpoint: e.WECHATPAY_ENDPOINT ?? 'https://api.mch.weixin.qq.com',
              merchantSerial: e.WECHATPAY_MERCHANT_SERIAL!,
              merchantPrivateKey: privatePem(e.WECHATPAY_MERCHANT_PRIVATE_KEY!)!,
              notifyUrl: `${e.PUBLIC_ORIGIN}/notify/wechatpay`,
            },
      esign: esignConfig(e),
      realnameTelecom3: e.ESIGN_REALNAME_TELECOM3 === '1',
      signFlows: e.ESIGN_SIGN_FLOWS !== '0',
      tsa: tsaConfig(e),
      payoutChannelUrl: e.PAYOUT_CHANNEL_URL,
      loginLimits: loginLimits(e),
      uploadQuota: uploadQuota(e),
      keys: serverKeys(e),
      pii: piiKeys(e),
      taxSeller: taxSeller(e),
    };
  }
  const r = demo.safeParse(clean);
  if (!r.success) throw new ConfigError(problems(r.error));
  const e = r.data;
  return {
    profile,
    sts: null,
    uploads: null,
    vod: null,
    port: e.PORT ?? 8080,
    // the demo's sandboxes let anyone read SMS codes: only this machine unless HOST says otherwise
    host: e.HOST ?? '127.0.0.1',
    databaseUrl: e.DATABASE_URL,
    dbPoolMax: e.DB_POOL_MAX ?? 10,
    dbPooler: e.DB_POOLER === 'transaction',
    dbTimeouts: dbTimeouts(e),
    dataDir: resolve(e.DATA_DIR ?? './data'),
    staticDir: resolve(e.STATIC_DIR ?? 'dist'),
    sandbox: e.SANDBOX !== '0',
    seed: e.SEED !== '0',
    publicOrigin: e.PUBLIC_ORIGIN ?? null,
    trustProxy: e.TRUST_PROXY ?? false,
    logLevel: e.LOG_LEVEL ?? 'info',
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS ?? 10_000,
    metricsToken: e.METRICS_TOKEN ?? null,
    jobsSchema: e.JOBS_SCHEMA ?? 'pgboss',
    sms: null,
    wechatPay: null,
    esign: esignConfig(e),
    realnameTelecom3: e.ESIGN_REALNAME_TELECOM3 === '1',
    signFlows: e.ESIGN_SIGN_FLOWS !== '0',
    tsa: tsaConfig(e),
    payoutChannelUrl: e.PAYOUT_CHANNEL_URL ?? null,
    loginLimits: loginLimits(e),
    uploadQuota: uploadQuota(e),
    keys: serverKeys(e),
    pii: piiKeys(e),
    taxSeller: taxSeller(e),
  };
}

/** `npm run migrate` (migrate-main.ts): what it reads. */
export interface MigrateConfig {
  profile: Profile;
  databaseUrl: string;
  jobsSchema: string;
  /** DB_POOLER=transaction: through PgBouncer in transaction mode, as the servers */
  dbPooler: boolean;
  /** MIGRATE_GRANT_TO: the servers' database role, granted what they need once migrated; null: none */
  grantTo: string | null;
  /** the servers' PII keys (a code migration seals with them): lib/pii.ts usePiiKeys */
  pii: PiiKeys;
}

/**
 * The migrate command's settings: DATABASE_URL (a user allowed DDL, e.g. the schema's owner),
 * JOBS_SCHEMA as the servers use it, MIGRATE_GRANT_TO; in production also the PII keys (a code
 * migration may seal personal data with them: the same keys as the servers', or data is lost).
 * The embedded database of the demo migrates itself at `npm start`: DATABASE_URL is required.
 */
export function loadMigrateConfig(env: NodeJS.ProcessEnv = process.env): MigrateConfig {
  const profile: Profile = env.NODE_ENV === 'production' ? 'production' : 'demo';
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const base = z.object({
    DATABASE_URL: z.string({ error: 'DATABASE_URL 未设置（npm run migrate 只迁移 PostgreSQL；演示模式的内嵌数据库在 npm start 时自动迁移）' }).pipe(pgUrl),
    JOBS_SCHEMA: common.shape.JOBS_SCHEMA,
    DB_POOLER: common.shape.DB_POOLER,
    MIGRATE_GRANT_TO: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, '应为服务使用的数据库角色名（小写字母、数字或下划线）')
      .optional(),
  });
  const schema =
    profile === 'production'
      ? base.extend({ PII_KEYS: secrets.PII_KEYS, PII_INDEX_KEY: secrets.PII_INDEX_KEY })
      : base.extend({ PII_KEYS: secrets.PII_KEYS.optional(), PII_INDEX_KEY: secrets.PII_INDEX_KEY.optional() });
  const r = schema.safeParse(clean);
  if (!r.success) throw new ConfigError(problems(r.error));
  return {
    profile,
    databaseUrl: r.data.DATABASE_URL,
    jobsSchema: r.data.JOBS_SCHEMA ?? 'pgboss',
    dbPooler: r.data.DB_POOLER === 'transaction',
    grantTo: r.data.MIGRATE_GRANT_TO ?? null,
    pii: piiKeys(r.data),
  };
}
