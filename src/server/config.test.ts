/**
 * The two profiles (issue 16 item 1). The refusals run the real entry point (a process, its stderr,
 * its exit code); the schema's other answers are checked directly; one real server shows the
 * parsed settings reach it (issue 26: no module reads the environment itself).
 */
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../../tests/setup/server';
import { freePort, productionEnv, spawnServer, testKey, waitFor } from '../../tests/setup/spawn';
import { ConfigError, loadConfig } from './config';
import { notifyBase, type Notify } from './domain/payouts/channel';
import { DEFAULT_UPLOAD_QUOTA } from './domain/quota';
import { DEMO_SERVER_KEYS } from './lib/keys';
import { DEFAULT_LOGIN_LIMITS } from './lib/limits';
import { DEMO_PII_KEYS } from './lib/pii';

const problemsOf = (env: Record<string, string | undefined>) => {
  try {
    loadConfig(env as NodeJS.ProcessEnv);
    return [];
  } catch (e) {
    if (e instanceof ConfigError) return e.lines;
    throw e;
  }
};

/** STS for the console's uploads, with the server's own VOD key that comes with it: all of it. */
const STS_ENV = {
  ALIYUN_STS_ACCESS_KEY_ID: 'LTAI5tUpload',
  ALIYUN_STS_ACCESS_KEY_SECRET: 'secret',
  ALIYUN_STS_ROLE_ARN: 'acs:ram::1234567890123456:role/hr-upload',
  ALIYUN_OSS_BUCKET: 'hr-uploads',
  ALIYUN_VOD_ACCESS_KEY_ID: 'LTAI5tServer',
  ALIYUN_VOD_ACCESS_KEY_SECRET: 'server-secret',
};

describe('production refuses to start', () => {
  const refuses = async (env: Record<string, string>, line: RegExp) => {
    const p = spawnServer(env);
    const code = await p.exited;
    expect(code).not.toBe(0);
    expect(p.stderr()).toMatch(/配置有误，服务未启动（生产模式）/);
    expect(p.stderr()).toMatch(line);
    // nothing listened, nothing seeded
    expect(p.stdout()).not.toMatch(/已启动/);
  };
  it('without DATABASE_URL', async () => {
    await refuses(productionEnv({ DATABASE_URL: undefined }), /^ {2}DATABASE_URL: 生产环境必须设置 DATABASE_URL/m);
  });
  it('with a sandbox', async () => {
    await refuses(productionEnv({ SANDBOX: '1' }), /^ {2}SANDBOX: 生产环境不能开启沙箱/m);
  });
  it('without a payout channel (a confirmed batch would go nowhere)', async () => {
    await refuses(productionEnv({ PAYOUT_CHANNEL_URL: undefined }), /^ {2}PAYOUT_CHANNEL_URL: 生产环境必须设置 PAYOUT_CHANNEL_URL（发放通道接口地址/m);
  });
  it('with a bad setting, one line each', async () => {
    const p = spawnServer(productionEnv({ PORT: 'eighty', SMS_CODE_KEY: 'short', PUBLIC_ORIGIN: 'hr.example.com/path' }));
    expect(await p.exited).not.toBe(0);
    const lines = p
      .stderr()
      .split('\n')
      .filter((l) => l.startsWith('  '));
    expect(lines).toHaveLength(3);
    expect(p.stderr()).toMatch(/^ {2}PORT: 应为 1–65535 的端口号$/m);
    expect(p.stderr()).toMatch(/^ {2}SMS_CODE_KEY 应为 base64 编码的 32 字节密钥$/m);
    expect(p.stderr()).toMatch(/^ {2}PUBLIC_ORIGIN: 应为站点根地址/m);
  });
});

describe('loadConfig', () => {
  it('production: every secret and the public origin are required, listed together', () => {
    const lines = problemsOf({ NODE_ENV: 'production' });
    expect(lines.map((l) => l.split(/[: ]/)[0])).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'PUBLIC_ORIGIN', 'PII_KEYS', 'PII_INDEX_KEY', 'SMS_CODE_KEY', 'PAYOUT_CHANNEL_KEY', 'PAYOUT_CHANNEL_URL']),
    );
    expect(problemsOf(productionEnv({ SEED: '1' }))).toEqual([expect.stringMatching(/^SEED: 生产环境从不写入演示数据/)]);
    expect(problemsOf(productionEnv({ DATABASE_URL: 'mysql://x' }))).toEqual([expect.stringMatching(/^DATABASE_URL: 应为 postgres:/)]);
    expect(problemsOf(productionEnv({ PII_KEYS: `1:${testKey(1)},x` }))).toEqual(['PII_KEYS 格式应为 1:<base64 32字节>,2:<…>']);
  });
  it('PAYOUT_CHANNEL_URL: https (plain http only to this machine), no query; the demo takes its sandbox without it', () => {
    expect(loadConfig(productionEnv({ PAYOUT_CHANNEL_URL: 'https://pay.example.com/api/v1/' }) as NodeJS.ProcessEnv).payoutChannelUrl).toBe(
      'https://pay.example.com/api/v1',
    );
    expect(loadConfig(productionEnv({ PAYOUT_CHANNEL_URL: 'http://127.0.0.1:9000/sandbox/payout-channel' }) as NodeJS.ProcessEnv).payoutChannelUrl).toBe(
      'http://127.0.0.1:9000/sandbox/payout-channel',
    );
    for (const bad of ['http://pay.example.com/api', 'https://pay.example.com/api?mch=1', 'https://user:pw@pay.example.com', 'pay.example.com'])
      expect(problemsOf(productionEnv({ PAYOUT_CHANNEL_URL: bad })), bad).toEqual([
        expect.stringMatching(/^PAYOUT_CHANNEL_URL: 应为发放通道接口的 https:\/\/ 地址/),
      ]);
    expect(loadConfig({}).payoutChannelUrl).toBeNull();
    expect(loadConfig({ PAYOUT_CHANNEL_URL: 'https://pay.example.com' }).payoutChannelUrl).toBe('https://pay.example.com');
  });
  it("TAX_SELLER_*: production requires the invoices' seller; the demo's is plainly the demo's", () => {
    expect(problemsOf(productionEnv({ TAX_SELLER_NAME: undefined, TAX_SELLER_BANK: undefined }))).toEqual([
      expect.stringMatching(/^TAX_SELLER_NAME: 生产环境必须设置 TAX_SELLER_NAME（完税服务发票的销售方名称）/),
      expect.stringMatching(/^TAX_SELLER_BANK: 生产环境必须设置 TAX_SELLER_BANK/),
    ]);
    expect(problemsOf(productionEnv({ TAX_SELLER_TAX_NO: '91330106MA2KXXXX0T' }))).toEqual([
      'TAX_SELLER_TAX_NO: 应为18位统一社会信用代码（销售方纳税人识别号）',
    ]);
    const prod = loadConfig(productionEnv({ TAX_SELLER_VAT_RATE: '3' }) as NodeJS.ProcessEnv).taxSeller;
    expect(prod).toMatchObject({ name: '杭州示例人力资源服务有限公司', taxNo: '91330106MA2H8D7K3U', rateBp: 300 });
    const demo = loadConfig({}).taxSeller;
    expect(demo.name).toContain('演示');
    expect(demo.rateBp).toBe(600);
  });
  it('production: WeChat Pay is all of its settings or none', () => {
    expect(problemsOf(productionEnv({ WECHATPAY_MCHID: '1900000109' }))).toEqual([
      'WECHATPAY_APPID: 已设置其他 WECHATPAY_* 时必须一并设置',
      'WECHATPAY_API_V3_KEY: 已设置其他 WECHATPAY_* 时必须一并设置',
      'WECHATPAY_PLATFORM_SERIAL: 已设置其他 WECHATPAY_* 时必须一并设置',
      'WECHATPAY_PLATFORM_PUBLIC_KEY: 已设置其他 WECHATPAY_* 时必须一并设置',
      'WECHATPAY_MERCHANT_SERIAL: 已设置其他 WECHATPAY_* 时必须一并设置',
      'WECHATPAY_MERCHANT_PRIVATE_KEY: 已设置其他 WECHATPAY_* 时必须一并设置',
    ]);
    expect(problemsOf(productionEnv({ WECHATPAY_MERCHANT_PRIVATE_KEY: 'not a key' }))).toEqual([
      'WECHATPAY_MERCHANT_PRIVATE_KEY: 应为商户 API 私钥（apiclient_key.pem 的内容，或其 base64）',
    ]);
    expect(problemsOf(productionEnv({ WECHATPAY_PLATFORM_PUBLIC_KEY: 'not a key' }))).toEqual([
      'WECHATPAY_PLATFORM_PUBLIC_KEY: 应为微信支付平台公钥（PEM，或其 base64）',
    ]);
    expect(loadConfig(productionEnv() as NodeJS.ProcessEnv).wechatPay).toBeNull();
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const full = productionEnv({
      WECHATPAY_MCHID: '1900000109',
      WECHATPAY_APPID: 'wxd678efh567hg6787',
      WECHATPAY_API_V3_KEY: 'a'.repeat(32),
      WECHATPAY_PLATFORM_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHATPAY_PLATFORM_PUBLIC_KEY: Buffer.from(publicKey.export({ type: 'spki', format: 'pem' }).toString()).toString('base64'),
      WECHATPAY_MERCHANT_SERIAL: '3775B6A45ACD588826D15E583A95F5DD52F46A4C',
      WECHATPAY_MERCHANT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, '\\n'),
    });
    expect(loadConfig(full as NodeJS.ProcessEnv).wechatPay).toMatchObject({
      mchid: '1900000109',
      apiV3Key: 'a'.repeat(32),
      endpoint: 'https://api.mch.weixin.qq.com',
      merchantSerial: '3775B6A45ACD588826D15E583A95F5DD52F46A4C',
      notifyUrl: 'https://hr.example.com/notify/wechatpay',
    });
  });

  it('production: STS is all of its settings or none', () => {
    expect(problemsOf(productionEnv({ ALIYUN_STS_ROLE_ARN: 'acs:ram::1234567890123456:role/hr-upload' }))).toEqual([
      'ALIYUN_STS_ACCESS_KEY_ID: 已设置其他 ALIYUN_STS_*/ALIYUN_OSS_BUCKET 时必须一并设置',
      'ALIYUN_STS_ACCESS_KEY_SECRET: 已设置其他 ALIYUN_STS_*/ALIYUN_OSS_BUCKET 时必须一并设置',
      'ALIYUN_OSS_BUCKET: 已设置其他 ALIYUN_STS_*/ALIYUN_OSS_BUCKET 时必须一并设置',
    ]);
    expect(problemsOf(productionEnv({ ALIYUN_STS_ROLE_ARN: 'role/x' }))).toEqual(['ALIYUN_STS_ROLE_ARN: 应为 acs:ram::<账号ID>:role/<角色名>']);
    const full = productionEnv(STS_ENV);
    expect(loadConfig(full as NodeJS.ProcessEnv).sts).toMatchObject({ endpoint: 'https://sts.aliyuncs.com/', bucket: 'hr-uploads', regionId: 'cn-shanghai' });
    expect(loadConfig(productionEnv() as NodeJS.ProcessEnv).sts).toBeNull();
    // the server's own VOD key comes with STS: it asks the video service whether an upload finished
    expect(loadConfig(full as NodeJS.ProcessEnv).vod).toEqual({
      endpoint: 'https://vod.cn-shanghai.aliyuncs.com',
      accessKeyId: 'LTAI5tServer',
      accessKeySecret: 'server-secret',
      regionId: 'cn-shanghai',
      ossEndpoint: 'https://oss-cn-shanghai.aliyuncs.com',
    });
    const { ALIYUN_VOD_ACCESS_KEY_SECRET: _dropped, ...noSecret } = full;
    expect(problemsOf(noSecret)).toEqual(['ALIYUN_VOD_ACCESS_KEY_SECRET: 已设置 ALIYUN_STS_* 时必须设置（服务端查询视频点播上传结果的 AccessKey）']);
    expect(loadConfig(productionEnv() as NodeJS.ProcessEnv).vod).toBeNull();
  });

  it('production: upload endpoints follow the region, or the configured VOD endpoint and storage buckets', () => {
    expect(loadConfig(productionEnv({ ...STS_ENV, ALIYUN_REGION: 'cn-beijing' }) as NodeJS.ProcessEnv).uploads).toEqual({
      vodEndpoint: 'https://vod.cn-beijing.aliyuncs.com',
      regionId: 'cn-beijing',
      ossOrigins: ['https://*.oss-cn-beijing.aliyuncs.com'],
    });
    const given = productionEnv({
      ...STS_ENV,
      ALIYUN_VOD_ENDPOINT: 'https://vod.cn-shanghai.aliyuncs.com/',
      ALIYUN_VOD_STORAGE: 'outin-1234abcd, outin-5678ef00',
    });
    expect(loadConfig(given as NodeJS.ProcessEnv).uploads).toEqual({
      vodEndpoint: 'https://vod.cn-shanghai.aliyuncs.com',
      regionId: 'cn-shanghai',
      ossOrigins: ['https://outin-1234abcd.oss-cn-shanghai.aliyuncs.com', 'https://outin-5678ef00.oss-cn-shanghai.aliyuncs.com'],
    });
    expect(problemsOf(productionEnv({ ...STS_ENV, ALIYUN_VOD_ENDPOINT: 'http://vod.example.com', ALIYUN_VOD_STORAGE: 'Bad_Bucket' }))).toEqual([
      'ALIYUN_VOD_ENDPOINT: 应为 https:// 开头的地址，如 https://vod.cn-shanghai.aliyuncs.com',
      'ALIYUN_VOD_STORAGE: 应为视频点播存储 Bucket 名，多个用逗号分隔（如 outin-1234abcd）',
    ]);
    expect(loadConfig(productionEnv() as NodeJS.ProcessEnv).uploads).toBeNull();
    expect(loadConfig({}).uploads).toBeNull();
  });

  it('production: safe defaults', () => {
    const c = loadConfig(productionEnv() as NodeJS.ProcessEnv);
    expect(c).toMatchObject({ profile: 'production', sandbox: false, seed: false, host: '0.0.0.0', trustProxy: 1, publicOrigin: 'https://hr.example.com' });
    expect(loadConfig(productionEnv({ TRUST_PROXY: 'false', SANDBOX: '0' }) as NodeJS.ProcessEnv).trustProxy).toBe(false);
  });
  it('demo: sandboxes and seed on, this machine only unless HOST is set', () => {
    expect(loadConfig({})).toMatchObject({ profile: 'demo', sandbox: true, seed: true, host: '127.0.0.1', trustProxy: false, publicOrigin: null });
    expect(loadConfig({ HOST: '0.0.0.0', SEED: '0', SANDBOX: '0' })).toMatchObject({ host: '0.0.0.0', seed: false, sandbox: false });
    expect(problemsOf({ PORT: '70000', SANDBOX: 'yes' })).toEqual(['PORT: 应为 1–65535 的端口号', 'SANDBOX: 只能是 0 或 1']);
    // an empty variable is unset
    expect(loadConfig({ PORT: '' }).port).toBe(8080);
  });

  it('login limits and the upload quota: the defaults, each setting over its default, a bad value refused in Chinese', () => {
    expect(loadConfig({})).toMatchObject({ loginLimits: DEFAULT_LOGIN_LIMITS, uploadQuota: DEFAULT_UPLOAD_QUOTA });
    const c = loadConfig({ LOGIN_IP_PER_MINUTE: '500', WECHAT_POLL_IP_PER_MINUTE: '30', UPLOAD_QUOTA_FILES: '5', LOGIN_CODES_PER_DAY: '' });
    expect(c.loginLimits).toEqual({ ...DEFAULT_LOGIN_LIMITS, ipPerMinute: 500, pollPerMinute: 30 });
    expect(c.uploadQuota).toEqual({ bytes: DEFAULT_UPLOAD_QUOTA.bytes, files: 5 });
    expect(loadConfig(productionEnv({ LOGIN_FAILS_PER_DAY: '4', UPLOAD_QUOTA_BYTES: String(2 ** 40) }) as NodeJS.ProcessEnv)).toMatchObject({
      loginLimits: { ...DEFAULT_LOGIN_LIMITS, failsPerDay: 4 },
      uploadQuota: { bytes: 2 ** 40, files: DEFAULT_UPLOAD_QUOTA.files },
    });
    // a word, a negative number, a fraction: each its own line, none in zod's English
    expect(problemsOf({ LOGIN_CODES_PER_DAY: 'lots', LOGIN_FAILS_PER_DAY: '-3', UPLOAD_QUOTA_BYTES: '1.5', WECHAT_QR_IP_PER_MINUTE: '0' })).toEqual([
      'LOGIN_CODES_PER_DAY: 应为正整数',
      'LOGIN_FAILS_PER_DAY: 应为正整数',
      'WECHAT_QR_IP_PER_MINUTE: 应为正整数',
      'UPLOAD_QUOTA_BYTES: 应为正整数',
    ]);
  });

  it("the keys: production's from its settings; the demo's fixed keys for any not given", () => {
    const prod = loadConfig(productionEnv({ PII_KEYS: `1:${testKey(1)},2:${testKey(5)}` }) as NodeJS.ProcessEnv);
    expect(prod.keys).toEqual({ smsCode: Buffer.alloc(32, 3), payoutChannel: Buffer.alloc(32, 4) });
    // the last of PII_KEYS seals; every one still opens
    expect(prod.pii).toEqual({
      keys: new Map([
        [1, Buffer.alloc(32, 1)],
        [2, Buffer.alloc(32, 5)],
      ]),
      current: 2,
      index: Buffer.alloc(32, 2),
    });

    expect(loadConfig({})).toMatchObject({ keys: DEMO_SERVER_KEYS, pii: DEMO_PII_KEYS });
    const demo = loadConfig({ SMS_CODE_KEY: testKey(6), PII_KEYS: `3:${testKey(7)}` });
    expect(demo.keys).toEqual({ smsCode: Buffer.alloc(32, 6), payoutChannel: DEMO_SERVER_KEYS.payoutChannel });
    expect(demo.pii).toEqual({ keys: new Map([[3, Buffer.alloc(32, 7)]]), current: 3, index: DEMO_PII_KEYS.index });

    // given, a key is checked in the demo too
    expect(problemsOf({ PAYOUT_CHANNEL_KEY: 'c2hvcnQ=', PII_KEYS: `1:${testKey(1)},01:${testKey(2)}` })).toEqual([
      'PII_KEYS 的版本号不能重复（每把密钥一个版本号）',
      'PAYOUT_CHANNEL_KEY 应为 base64 编码的 32 字节密钥',
    ]);
  });
});

describe('main.ts hands the parsed settings over', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hr-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the payout channel key signs what the server accepts; LOGIN_IP_PER_MINUTE limits its logins', async () => {
    const port = await freePort();
    const p = spawnServer({
      PORT: String(port),
      DATA_DIR: dir,
      STATIC_DIR: dir,
      SEED: '0',
      LOG_LEVEL: 'warn',
      PAYOUT_CHANNEL_KEY: testKey(9),
      LOGIN_IP_PER_MINUTE: '1',
    });
    try {
      await waitFor(p, '已启动');
      const url = `http://127.0.0.1:${port}`;
      const n: Notify = { notify_id: 'Nconfig0001', channel_no: 'CHconfig0001', result: 'fail', reason: '', ts: String(Date.now()) };
      const signed = (key: Buffer) => ({ ...n, sign: createHmac('sha256', key).update(notifyBase(n)).digest('hex') });
      // the demo's fixed key no longer signs for this server; PAYOUT_CHANNEL_KEY does
      const demo = await call(url, 'POST', '/ent/v3/payout/notify', { form: signed(DEMO_SERVER_KEYS.payoutChannel) });
      expect(demo.body).toMatchObject({ code: 400, msg: '签名无效' });
      const real = await call(url, 'POST', '/ent/v3/payout/notify', { form: signed(Buffer.alloc(32, 9)) });
      // past the signature: the row it names is looked for (none here)
      expect(real.body).toMatchObject({ code: 404, msg: '发放明细不存在' });
      // one login call a minute from this IP (the default is 60)
      expect((await call(url, 'POST', '/ent/v3/login/code', { form: { mobile: '13900000001' } })).body).toMatchObject({ code: 200 });
      expect((await call(url, 'POST', '/ent/v3/login/code', { form: { mobile: '13900000002' } })).body).toMatchObject({ msg: '操作过于频繁，请稍后再试' });
    } finally {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  }, 120_000);
});
