import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import { StsData } from '../../contract/upload';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { sha256hex } from '../lib/crypto';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('GET /ent/v3/upload/sts', () => {
  it('hands out fresh short-lived credentials and records them for the sandboxes', async () => {
    const token = await s.tokenFor('13800000001');
    const a = envelope(StsData).parse((await call(s.url, 'GET', '/ent/v3/upload/sts', { token })).body);
    const b = envelope(StsData).parse((await call(s.url, 'GET', '/ent/v3/upload/sts', { token })).body);
    expect(a.code).toBe(200);
    expect(a.data.AccessKeyId).toMatch(/^STS\.[A-Za-z0-9]{24}$/);
    expect(a.data.AccessKeySecret).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(a.data.SecurityToken.length).toBeGreaterThan(100);
    expect(a.data.Expiration).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const ttl = new Date(a.data.Expiration).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(3590_000);
    expect(ttl).toBeLessThanOrEqual(3600_000);
    expect(b.data.AccessKeyId).not.toBe(a.data.AccessKeyId);

    const row = await s.db.one<{ security_token_hash: string; company_id: number | null; user_mobile: string }>(
      `SELECT c.security_token_hash, c.company_id, u.mobile_mask AS user_mobile
         FROM sts_credentials c JOIN users u ON u.id = c.user_id WHERE c.access_key_id = $1`,
      [a.data.AccessKeyId],
    );
    expect(row).toMatchObject({ security_token_hash: sha256hex(a.data.SecurityToken), user_mobile: '138****0001' });
    expect(row!.company_id).toBeTypeOf('number');
  });

  it('a user without company gets credentials without company', async () => {
    const r = await call(s.url, 'GET', '/ent/v3/upload/sts', { token: await s.tokenFor('13800000004') });
    const id = envelope(StsData).parse(r.body).data.AccessKeyId;
    const row = await s.db.one<{ company_id: number | null }>('SELECT company_id FROM sts_credentials WHERE access_key_id = $1', [id]);
    expect(row?.company_id).toBeNull();
  });
});
