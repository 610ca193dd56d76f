import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { Code } from '../contract/envelope';
import type { Db } from './db/types';
import { envelope, MSG_NO_API } from './http/envelope';
import { frameworkErrors, installErrorHandler } from './http/errors';
import { metricsRoutes } from './http/metrics';
import { opsRoutes } from './http/ops';
import { loggerOptions, requestId, securityHeaders } from './http/security';
import { scheduleCleanup } from './jobs/cleanup';
import { accountRoutes } from './routes/accounts';
import { authRoutes } from './routes/auth';
import { dimissionRoutes } from './routes/dimission';
import { employmentRoutes } from './routes/employment';
import { workerRoutes } from './routes/worker';
import { serverRealname } from './routes/realname-provider';
import { serverTsa } from './routes/tsa-provider';
import { serverPayoutChannel } from './routes/payout-channel-provider';
import { serverSignFlows } from './routes/sign-flow-provider';
import { esignNotifyRoutes } from './routes/esign-notify';
import { fastifyTrustProxy, type TrustProxy } from './http/trust-proxy';
import { signEvidenceRoutes } from './routes/sign-evidence';
import { payoutsRoutes } from './routes/payouts';
import { taxRoutes } from './routes/tax';
import { homeRoutes } from './routes/home';
import { recruitmentRoutes } from './routes/recruitment';
import { applyRoutes } from './routes/apply';
import { exportRoutes } from './routes/exports';
import { reviewRoutes } from './routes/review';
import { talentRoutes } from './routes/talent';
import { interviewRoutes } from './routes/interviews';
import { membershipRoutes } from './routes/membership';
import { uploadRoutes } from './routes/upload';
import { usercenterRoutes } from './routes/usercenter';
import { wechatRoutes } from './routes/wechat';
import { wechatPayNotifyRoutes } from './routes/wechatpay-notify';
import type { WechatPayConfig } from './adapters/wechatpay';
import type { EsignConfig } from './adapters/esign';
import type { TsaConfig } from './adapters/tsa';
import type { AliyunStsConfig } from './adapters/sts';
import type { AliyunVodConfig } from './adapters/vod';
import type { Config, UploadEndpoints } from './config';
import { privacyRoutes } from './routes/privacy';
import { retentionRoutes } from './routes/retention';
import { messagesRoutes } from './routes/messages';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './lib/limits';
import { setUploadQuota, type UploadQuota } from './domain/quota';
import { importRoutes } from './routes/imports';
import { statisticsRoutes } from './routes/statistics';
import { homeSummaryRoutes } from './routes/home-summary';
import { registerSandboxes } from './sandbox';
import { ossRouterError } from './sandbox/oss';
import { registerStatic, spaFallback } from './static';
import { DEMO_TAX_SELLER, type TaxSeller } from './domain/tax/seller';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** the server's clock; tests inject one to move time */
    now: () => Date;
    /** the login and public-page abuse limits (lib/limits.ts); http/route.ts applies publicPerMinute */
    loginLimits: LoginLimits;
    /** the tax service's invoice seller (config.ts TAX_SELLER_*; the demo's by default) */
    taxSeller: TaxSeller;
  }
}

export interface ServerOptions {
  db: Db;
  /** register /sandbox/* (SMS inbox, company review, operator page) */
  sandbox?: boolean;
  /** the built console (dist/); null: API only */
  staticDir?: string | null;
  logger?: boolean;
  /** where log lines go (default stdout); tests capture them */
  logStream?: NodeJS.WritableStream;
  now?: () => Date;
  /** where the OSS sandbox keeps objects (default: a new temporary directory) */
  ossDir?: string;
  /** login abuse limits over the defaults (config.ts LOGIN_*, WECHAT_*_IP_PER_MINUTE; lib/limits.ts; README: Login limits) */
  loginLimits?: Partial<LoginLimits>;
  /** a user's upload quota over the defaults (config.ts UPLOAD_QUOTA_*; domain/quota.ts) */
  uploadQuota?: Partial<UploadQuota>;
  /** production (config.ts): PUBLIC_ORIGIN for links, trustProxy for the balancer, log level */
  publicOrigin?: string | null;
  trustProxy?: TrustProxy;
  logLevel?: string;
  /** WeChat Pay v3 merchant (production); the sandbox platform's with sandboxes on */
  wechatPay?: WechatPayConfig | null;
  /** Alibaba Cloud STS AssumeRole for upload credentials (production); null: sandbox credentials */
  sts?: AliyunStsConfig | null;
  /** where production's upload credentials point the console (config.ts); also the CSP's connect-src */
  uploads?: UploadEndpoints | null;
  /** the server's own key at the video service (production: registration, signed previews); the demo: its sandbox */
  vod?: AliyunVodConfig | null;
  /** GET /metrics (Prometheus) for this bearer token; null/undefined: no metrics endpoint */
  metricsToken?: string | null;
  /** the e签宝 application for 实名认证 (config.ts ESIGN_*); null: the demo's sandbox, else none */
  esign?: EsignConfig | null;
  /** 运营商三要素 (name, ID number, mobile) after 二要素 (config.ts ESIGN_REALNAME_TELECOM3) */
  realnameTelecom3?: boolean;
  /** signatures through e签宝's signing flows when there is an e签宝 (default); false: in-house (config.ts ESIGN_SIGN_FLOWS) */
  esignFlows?: boolean;
  /** the time-stamping authority for e-signatures (config.ts TSA_URL, TSA_CERT_FILE); null: the demo's sandbox, else none */
  tsa?: TsaConfig | null;
  /** the payout channel's API (config.ts PAYOUT_CHANNEL_URL); null/undefined: the demo's sandbox channel, else none */
  payoutChannelUrl?: string | null;
  /** the tax service's invoice seller (config.ts TAX_SELLER_*); undefined: the demo's */
  taxSeller?: TaxSeller;
  /** the hourly cleanup runs as a durable job (main.ts, jobs/): no timer in this process */
  cleanupByJob?: boolean;
}

/** Bodies are small forms; anything larger is refused with a 413 envelope. */
/**
 * What a server takes from its configuration: the providers, the limits and the network settings.
 * main.ts and the production profile's test server (tests/setup/production.ts) both build from it,
 * adding only their own database, logging and files.
 */
export const configuredOptions = (config: Config) =>
  ({
    sandbox: config.sandbox,
    publicOrigin: config.publicOrigin,
    trustProxy: config.trustProxy,
    wechatPay: config.wechatPay,
    // 实名认证: the configured e签宝 application; the demo's sandbox on this same server otherwise
    esign: config.esign,
    realnameTelecom3: config.realnameTelecom3,
    // signatures: through e签宝's signing flows (its sandbox in the demo) unless ESIGN_SIGN_FLOWS=0
    esignFlows: config.signFlows,
    // signatures' timestamps: the configured TSA; the demo's sandbox on this same server otherwise
    tsa: config.tsa,
    // payouts: the configured channel; the demo's sandbox channel on this same server otherwise
    payoutChannelUrl: config.payoutChannelUrl,
    sts: config.sts,
    uploads: config.uploads,
    vod: config.vod,
    metricsToken: config.metricsToken,
    loginLimits: config.loginLimits,
    uploadQuota: config.uploadQuota,
    taxSeller: config.taxSeller,
  }) satisfies Partial<ServerOptions>;

export const BODY_LIMIT = 64 * 1024;

/** The API server, not listening: main.ts and the tests call listen(). */
export async function buildServer(opts: ServerOptions): Promise<FastifyInstance> {
  const logger = opts.logger ?? false;
  const app = Fastify({
    // the access log never holds tokens, codes, tickets, signatures (http/security.ts)
    logger: logger ? loggerOptions(opts.logStream, opts.logLevel) : false,
    bodyLimit: BODY_LIMIT,
    // the demo's bucket answers its own XML even for a URL the router refuses (sandbox/oss.ts)
    frameworkErrors: (err, req, reply) => {
      if (opts.sandbox && ossRouterError(req.url, reply)) return;
      frameworkErrors(err, req, reply);
    },
    // request ids in every log line and the x-request-id answer header (http/security.ts)
    genReqId: requestId,
    trustProxy: fastifyTrustProxy(opts.trustProxy),
  });
  app.decorate('publicOrigin', opts.publicOrigin ?? null);
  app.decorate('payments', { wechatPay: opts.wechatPay ?? null, sandbox: Boolean(opts.sandbox) });
  app.decorate('db', opts.db);
  app.decorate('now', opts.now ?? (() => new Date()));
  app.decorateRequest('auth', null);

  // the API takes forms (SPEC §7) and, for scripts, JSON; nothing else
  app.removeContentTypeParser('text/plain');
  await app.register(formbody);
  installErrorHandler(app, { logger });
  securityHeaders(app, {
    connect: opts.uploads ? [opts.uploads.vodEndpoint, ...opts.uploads.ossOrigins] : [],
    // the media library's previews: signed GetObject URLs on the object store's virtual hosts
    media: opts.vod && opts.uploads ? opts.uploads.ossOrigins : [],
  });
  opsRoutes(app);
  metricsRoutes(app, { token: opts.metricsToken ?? null });
  scheduleCleanup(app, opts.cleanupByJob ? null : undefined);

  // settings come from config.ts through the options, never from the environment here
  const loginLimits: LoginLimits = { ...DEFAULT_LOGIN_LIMITS, ...opts.loginLimits };
  app.decorate('loginLimits', loginLimits);
  app.decorate('taxSeller', opts.taxSeller ?? DEMO_TAX_SELLER);
  setUploadQuota(app, opts.uploadQuota ?? {});
  authRoutes(app, { sandbox: opts.sandbox ?? false, limits: loginLimits });
  usercenterRoutes(app);
  homeRoutes(app);
  const uploads = uploadRoutes(app, { sts: opts.sts, uploads: opts.uploads, vod: opts.vod, sandbox: Boolean(opts.sandbox) });
  talentRoutes(app);
  recruitmentRoutes(app);
  interviewRoutes(app);
  reviewRoutes(app);
  exportRoutes(app);
  accountRoutes(app);
  membershipRoutes(app);
  wechatRoutes(app, { limits: loginLimits });
  privacyRoutes(app);
  retentionRoutes(app);
  messagesRoutes(app);
  importRoutes(app);
  employmentRoutes(app);
  // the trusted timestamp of each signature, and of its check on the evidence pages
  const tsa = serverTsa(app, { tsa: opts.tsa, sandbox: opts.sandbox });
  // signatures through e签宝's signing flows when there is an e签宝 (configured, or the demo's sandbox)
  const flows = serverSignFlows(app, { enabled: opts.esignFlows, esign: opts.esign, sandbox: opts.sandbox, publicOrigin: opts.publicOrigin });
  esignNotifyRoutes(app, { flows, tsa });
  // departure proofs: the company's electronic seal goes through the same flows
  dimissionRoutes(app, { sandbox: opts.sandbox ?? false, limits: loginLimits, flows });
  applyRoutes(app, { sandbox: opts.sandbox ?? false, limits: loginLimits });
  workerRoutes(app, {
    sandbox: opts.sandbox ?? false,
    limits: loginLimits,
    realname: serverRealname(app, { esign: opts.esign, telecom3: opts.realnameTelecom3, sandbox: opts.sandbox }),
    tsa,
    flows,
    uploads,
  });
  signEvidenceRoutes(app, { tsa });
  statisticsRoutes(app);
  homeSummaryRoutes(app);
  // 确认发放 sends the rows itself when there is no queue; the payout jobs use the same channel (main.ts)
  payoutsRoutes(app, {
    sandbox: Boolean(opts.sandbox),
    channel: serverPayoutChannel(app, { url: opts.payoutChannelUrl, sandbox: opts.sandbox, publicOrigin: opts.publicOrigin }),
  });
  taxRoutes(app);
  wechatPayNotifyRoutes(app, { sandbox: Boolean(opts.sandbox), config: opts.wechatPay });

  if (opts.sandbox) registerSandboxes(app, { ossDir: opts.ossDir });
  const staticDir = opts.staticDir ?? null;
  await registerStatic(app, staticDir);

  app.setNotFoundHandler((req, reply) => {
    const url = req.url;
    if (/^\/ent(\/|$|\?)/.test(url)) return reply.status(404).send(envelope(Code.NOT_FOUND, MSG_NO_API, null));
    if (/^\/sandbox(\/|$|\?)/.test(url)) return reply.status(404).send({ msg: '沙箱接口不存在' });
    return spaFallback(staticDir, req, reply);
  });
  return app;
}
