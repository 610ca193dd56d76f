/**
 * The two profiles (issue 16 item 1). The refusals run the real entry point (a process, its stderr,
 * its exit code); the schema's other answers are checked directly.
 */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { productionEnv, spawnServer, testKey } from '../../tests/setup/spawn';
import { ConfigError, loadConfig } from './config';

const problemsOf = (env: Record<string, string | undefined>) => {
  try {
    loadConfig(env as NodeJS.ProcessEnv);
    return [];
  } catch (e) {
    if (e instanceof ConfigError) return e.lines;
    throw e;
  }
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
  it('with a bad setting, one line each', async () => {
    const p = spawnServer(productionEnv({ PORT: 'eighty', SMS_CODE_KEY: 'short', PUBLIC_ORIGIN: 'hr.example.com/path' }));
    expect(await p.exited).not.toBe(0);
    const lines = p.stderr().split('\n').filter((l) => l.startsWith('  '));
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
      expect.arrayContaining(['DATABASE_URL', 'PUBLIC_ORIGIN', 'PII_KEYS', 'PII_INDEX_KEY', 'SMS_CODE_KEY', 'PAYOUT_CHANNEL_KEY']),
    );
    expect(problemsOf(productionEnv({ SEED: '1' }))).toEqual([expect.stringMatching(/^SEED: 生产环境从不写入演示数据/)]);
    expect(problemsOf(productionEnv({ DATABASE_URL: 'mysql://x' }))).toEqual([expect.stringMatching(/^DATABASE_URL: 应为 postgres:/)]);
    expect(problemsOf(productionEnv({ PII_KEYS: `1:${testKey(1)},x` }))).toEqual(['PII_KEYS 格式应为 1:<base64 32字节>,2:<…>']);
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
    const full = productionEnv({
      ALIYUN_STS_ACCESS_KEY_ID: 'LTAI5tUpload',
      ALIYUN_STS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_STS_ROLE_ARN: 'acs:ram::1234567890123456:role/hr-upload',
      ALIYUN_OSS_BUCKET: 'hr-uploads',
      ALIYUN_VOD_ACCESS_KEY_ID: 'LTAI5tServer',
      ALIYUN_VOD_ACCESS_KEY_SECRET: 'server-secret',
    });
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
    const sts = {
      ALIYUN_STS_ACCESS_KEY_ID: 'LTAI5tUpload',
      ALIYUN_STS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_STS_ROLE_ARN: 'acs:ram::1234567890123456:role/hr-upload',
      ALIYUN_OSS_BUCKET: 'hr-uploads',
      ALIYUN_VOD_ACCESS_KEY_ID: 'LTAI5tServer',
      ALIYUN_VOD_ACCESS_KEY_SECRET: 'server-secret',
    };
    expect(loadConfig(productionEnv({ ...sts, ALIYUN_REGION: 'cn-beijing' }) as NodeJS.ProcessEnv).uploads).toEqual({
      vodEndpoint: 'https://vod.cn-beijing.aliyuncs.com',
      regionId: 'cn-beijing',
      ossOrigins: ['https://*.oss-cn-beijing.aliyuncs.com'],
    });
    const given = productionEnv({ ...sts, ALIYUN_VOD_ENDPOINT: 'https://vod.cn-shanghai.aliyuncs.com/', ALIYUN_VOD_STORAGE: 'outin-1234abcd, outin-5678ef00' });
    expect(loadConfig(given as NodeJS.ProcessEnv).uploads).toEqual({
      vodEndpoint: 'https://vod.cn-shanghai.aliyuncs.com',
      regionId: 'cn-shanghai',
      ossOrigins: ['https://outin-1234abcd.oss-cn-shanghai.aliyuncs.com', 'https://outin-5678ef00.oss-cn-shanghai.aliyuncs.com'],
    });
    expect(problemsOf(productionEnv({ ...sts, ALIYUN_VOD_ENDPOINT: 'http://vod.example.com', ALIYUN_VOD_STORAGE: 'Bad_Bucket' }))).toEqual([
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
});
