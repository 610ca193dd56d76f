/**
 * The production SMS adapter (Alibaba Cloud SendSms) against the sandbox that verifies the
 * provider's RPC signature; and the login's code going through the installed provider.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { buildServer } from '../app';
import { SANDBOX_SMS_KEY } from '../sandbox/dysms';
import { aliyunSms, installSmsSender, postSendSms, sendSmsParams, SmsSendError, type AliyunSmsConfig } from './sms';
import { blindIndex } from '../lib/pii';

let s: TestServer;
let cfg: AliyunSmsConfig;
beforeAll(async () => {
  s = await startTestServer();
  cfg = { endpoint: `${s.url}/sandbox/dysms/`, ...SANDBOX_SMS_KEY, signName: '企业服务平台', templateCode: 'SMS_465880123' };
});
afterAll(async () => {
  installSmsSender(null);
  await s?.close();
});

const outbox = async () =>
  (
    await call<{ list: { mobile: string; sign_name: string; template_code: string; template_param: { code: string } }[] }>(
      s.url,
      'GET',
      '/sandbox/dysms/outbox',
    )
  ).body.list;

describe('Alibaba Cloud SMS SendSms', () => {
  it('a call signed as the provider expects is accepted and delivered with its sign name and template', async () => {
    await aliyunSms(cfg).sendCode('13911112222', '482913');
    expect((await outbox())[0]).toMatchObject({
      mobile: '13911112222',
      sign_name: '企业服务平台',
      template_code: 'SMS_465880123',
      template_param: { code: '482913' },
    });
  });

  it('refuses a wrong secret, a changed parameter, a replayed nonce and an old timestamp', async () => {
    const wrong = aliyunSms({ ...cfg, accessKeySecret: 'not-the-secret' });
    await expect(wrong.sendCode('13911112222', '111111')).rejects.toMatchObject({ providerCode: 'SignatureDoesNotMatch' });
    const tampered = { ...sendSmsParams(cfg, '13911112222', '222222'), PhoneNumbers: '13933334444' };
    await expect(postSendSms(cfg.endpoint, tampered)).rejects.toMatchObject({ providerCode: 'SignatureDoesNotMatch' });
    const once = sendSmsParams(cfg, '13911112222', '333333', { nonce: 'nonce-fixed-1' });
    await postSendSms(cfg.endpoint, once);
    await expect(postSendSms(cfg.endpoint, once)).rejects.toMatchObject({ providerCode: 'SignatureNonceUsed' });
    const old = sendSmsParams(cfg, '13911112222', '444444', { now: new Date(Date.now() - 3_600_000) });
    await expect(postSendSms(cfg.endpoint, old)).rejects.toBeInstanceOf(SmsSendError);
    expect((await outbox()).filter((m) => ['111111', '222222', '444444'].includes(m.template_param.code))).toEqual([]);
  });

  it('with the provider installed and no sandbox outbox, a login code goes through SendSms; a refused send leaves nothing', async () => {
    const app = await buildServer({ db: s.db, sandbox: false, staticDir: null });
    try {
      installSmsSender(aliyunSms(cfg));
      const r = await app.inject({
        method: 'POST',
        url: '/ent/v3/login/code',
        payload: 'mobile=13955556666',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(r.json().code).toBe(200);
      const sent = (await outbox())[0]!;
      expect(sent.mobile).toBe('13955556666');
      expect(sent.template_param.code).toMatch(/^\d{6}$/);
      // the code works for the login
      const login = await app.inject({
        method: 'POST',
        url: '/ent/v3/login',
        payload: `mobile=13955556666&code=${sent.template_param.code}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(login.json().code).toBe(200);
      installSmsSender(aliyunSms({ ...cfg, accessKeySecret: 'wrong' }));
      const failed = await app.inject({
        method: 'POST',
        url: '/ent/v3/login/code',
        payload: 'mobile=13977778888',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(failed.json()).toMatchObject({ code: 500, msg: '短信发送失败，请稍后再试' });
      expect(await s.db.one(`SELECT 1 FROM sms_codes WHERE mobile_bidx = '${blindIndex('mobile', '13977778888')}'`)).toBeUndefined();
    } finally {
      installSmsSender(null);
      await app.close();
    }
  });
});
