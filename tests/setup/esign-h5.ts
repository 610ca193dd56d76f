/**
 * The signer on e签宝's H5 page (the demo's: sandbox/esign-h5.ts) as a phone's browser would use
 * it, over HTTP: open the link, 获取验证码, read the code e签宝 sent (GET /sandbox/esign/sms), 确认签署
 * (or 拒绝签署); answers where the page sends the phone back (its Refresh header, or a 303).
 */
import { expect } from 'vitest';

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
});

/** Where an ended flow's page sends the phone. */
function back(res: Response): string {
  if (res.status === 303) return res.headers.get('location') ?? '';
  const refresh = /^\d+;url=(.+)$/.exec(res.headers.get('refresh') ?? '');
  expect(refresh, `no way back (HTTP ${res.status})`).not.toBeNull();
  return refresh![1]!;
}

/** The code e签宝 (the sandbox at `esignOrigin`) last sent to `mobile`. */
export async function esignSmsCode(esignOrigin: string, mobile: string): Promise<string> {
  const res = await fetch(`${esignOrigin}/sandbox/esign/sms?mobile=${mobile}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { code: string }).code;
}

/** Signs on the page behind `signUrl` with e签宝's SMS code; answers the redirect back and the page's HTML. */
export async function signOnH5(signUrl: string, mobile: string, opts: { refuse?: boolean; wrongCodeFirst?: boolean } = {}) {
  const origin = new URL(signUrl).origin;
  const page = await fetch(signUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('data-testid="esign-h5"');
  if (opts.refuse) return { back: back(await fetch(`${signUrl}/refuse`, form({}))), html };
  expect((await fetch(`${signUrl}/code`, form({}))).status).toBe(303);
  const code = await esignSmsCode(origin, mobile);
  if (opts.wrongCodeFirst) {
    const wrong = await fetch(`${signUrl}/sign`, form({ code: code === '000000' ? '111111' : '000000' }));
    expect(await wrong.text()).toContain('验证码错误');
  }
  const signed = await fetch(`${signUrl}/sign`, form({ code }));
  const done = await signed.clone().text();
  if (signed.status >= 500) throw new Error(`H5 sign: HTTP ${signed.status} ${done.slice(0, 300)}`);
  if (signed.status === 200) expect(done).toContain('data-testid="esign-done"');
  return { back: back(signed), html: done };
}
