/**
 * The e签宝 adapter (request-signature authentication, 个人2要素 / 运营商3要素) against the sandbox
 * that verifies the same signature, over real HTTP: 一致, 不一致, the provider down, and the
 * gateway refusing a bad signature, a stale timestamp and a body that is not the one signed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { ESIGN_SANDBOX_PREFIX, SANDBOX_ESIGN_KEY } from '../sandbox/esign';
import { contentMd5, ESIGN_PATHS, esignClient, EsignUnavailable, signedHeaders, signedUrl, stringToSign, type EsignConfig } from './esign';

let s: TestServer;
let cfg: EsignConfig;
beforeAll(async () => {
  s = await startTestServer();
  cfg = { endpoint: s.url + ESIGN_SANDBOX_PREFIX, ...SANDBOX_ESIGN_KEY };
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const idWith = (first17: string) => {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((a, d, i) => a + Number(d) * w[i]!, 0);
  return first17 + '10X98765432'[sum % 11];
};
const register = (form: Record<string, string>) => call(s.url, 'POST', `${ESIGN_SANDBOX_PREFIX}/identities`, { form });

describe('request signature', () => {
  it('signs METHOD, Accept, Content-MD5, Content-Type, Date and the Url, each on its line', () => {
    const parts = { method: 'post', accept: '*/*', contentMd5: 'abc==', contentType: 'application/json; charset=UTF-8', date: '', url: '/v1/x?b=2&a=1&c=' };
    expect(stringToSign(parts)).toBe('POST\n*/*\nabc==\napplication/json; charset=UTF-8\n\n/v1/x?a=1&b=2&c');
    expect(signedUrl('/v2/identity/verify/individual/base')).toBe('/v2/identity/verify/individual/base');
    // base64 of the raw MD5 digest (RFC 1864), not its hex: MD5('') = d41d8cd9…
    expect(contentMd5('')).toBe('1B2M2Y8AsgTpgAmY7PhCfg==');
    const h = signedHeaders(cfg, 'POST', ESIGN_PATHS.base2, '{"idNo":"1","name":"张三"}', new Date(1_700_000_000_000));
    expect(h).toMatchObject({
      'x-tsign-open-app-id': SANDBOX_ESIGN_KEY.appId,
      'x-tsign-open-auth-mode': 'Signature',
      'x-tsign-open-ca-timestamp': '1700000000000',
      'content-type': 'application/json; charset=UTF-8',
    });
    expect(h['x-tsign-open-ca-signature']).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });
});

describe('个人2要素 / 运营商3要素 against the sandbox', () => {
  it('一致: code 0 and the provider’s verifyId', async () => {
    const r = await esignClient(cfg).verifyBase('张三', idWith('11010519880505123'));
    expect(r).toMatchObject({ method: 'base2', consistent: true, code: 0 });
    expect(r.verifyId).toMatch(/^[0-9a-f-]{36}$/);
    const asked = (await call<{ list: { method: string; id_no: string }[] }>(s.url, 'GET', `${ESIGN_SANDBOX_PREFIX}/checks`)).body.list[0]!;
    expect(asked).toMatchObject({ method: 'base2' });
    expect(asked.id_no).toContain('*');
  });

  it('不一致: the name the authority holds for the number differs (2要素 30504001; 3要素 30501006 / 30501010)', async () => {
    const id = idWith('31011519971120452');
    expect((await register({ id_no: id, name: '沈一帆', mobile: '13966001001' })).status).toBe(200);
    expect(await esignClient(cfg).verifyBase('沈一凡', id)).toMatchObject({ consistent: false, code: 30504001 });
    expect(await esignClient(cfg).verifyBase('沈一帆', id)).toMatchObject({ consistent: true });
    expect(await esignClient(cfg).verifyTelecom3('沈一帆', id, '13966001001')).toMatchObject({ method: 'telecom3', consistent: true });
    expect(await esignClient(cfg).verifyTelecom3('沈一帆', id, '13966009999')).toMatchObject({ consistent: false, code: 30501010 });
    expect(await esignClient(cfg).verifyTelecom3('沈二帆', id, '13966001001')).toMatchObject({ consistent: false, code: 30501006 });
  });

  it('the provider down: the client throws EsignUnavailable (no answer to act on)', async () => {
    expect((await call(s.url, 'POST', `${ESIGN_SANDBOX_PREFIX}/faults`, { form: { unavailable: '1' } })).status).toBe(200);
    await expect(esignClient(cfg).verifyBase('张三', idWith('11010519880505123'))).rejects.toBeInstanceOf(EsignUnavailable);
    // the next call is answered again
    expect((await esignClient(cfg).verifyBase('张三', idWith('11010519880505123'))).consistent).toBe(true);
    // an endpoint nobody answers on is down too
    await expect(
      esignClient({ ...cfg, endpoint: 'http://127.0.0.1:9' }, { timeoutMs: 2000 }).verifyBase('张三', idWith('11010519880505123')),
    ).rejects.toBeInstanceOf(EsignUnavailable);
  });

  it('the gateway refuses a wrong secret, a wrong app id, a stale timestamp and a body that is not the one signed', async () => {
    const wrongSecret = esignClient({ ...cfg, appSecret: 'not-the-secret' });
    await expect(wrongSecret.verifyBase('张三', idWith('11010519880505123'))).rejects.toMatchObject({ detail: expect.stringContaining('401') });
    const wrongApp = esignClient({ ...cfg, appId: '7438800099' });
    await expect(wrongApp.verifyBase('张三', idWith('11010519880505123'))).rejects.toBeInstanceOf(EsignUnavailable);
    const stale = esignClient(cfg, { now: () => new Date(Date.now() - 16 * 60_000) });
    await expect(stale.verifyBase('张三', idWith('11010519880505123'))).rejects.toBeInstanceOf(EsignUnavailable);

    const body = JSON.stringify({ idNo: idWith('11010519880505123'), name: '张三' });
    const headers = signedHeaders(cfg, 'POST', ESIGN_PATHS.base2, body);
    const url = s.url + ESIGN_SANDBOX_PREFIX + ESIGN_PATHS.base2;
    const ok = await fetch(url, { method: 'POST', headers, body });
    expect(ok.status).toBe(200);
    // another body under the same headers: Content-MD5 no longer matches
    const swapped = await fetch(url, { method: 'POST', headers, body: body.replace('张三', '李四') });
    expect(swapped.status).toBe(401);
    expect(((await swapped.json()) as { message: string }).message).toBe('Content-MD5 校验失败');
    // the body's MD5 recomputed but the signature left as it was: the signature no longer matches
    const tampered = body.replace('张三', '李四');
    const forged = await fetch(url, { method: 'POST', headers: { ...headers, 'content-md5': contentMd5(tampered) }, body: tampered });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { message: string }).message).toBe('签名验证失败');
    // a signature made for another path
    const other = await fetch(s.url + ESIGN_SANDBOX_PREFIX + ESIGN_PATHS.telecom3, { method: 'POST', headers, body });
    expect(other.status).toBe(401);
  });
});
