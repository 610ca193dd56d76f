/** Real server processes (src/server/main.ts) for the profile, shutdown and two-server tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Proc {
  child: ChildProcess;
  /** everything written so far */
  stdout(): string;
  stderr(): string;
  /** resolves with the exit code (or the signal's name) */
  exited: Promise<number | string>;
}

/** Starts `node --import tsx src/server/main.ts` with exactly `env` (plus PATH/HOME). */
export function spawnServer(env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | string>((res) => child.on('exit', (code, signal) => res(code ?? signal ?? -1)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Waits until the process prints `text` on stdout (or exits: then throws with its stderr). */
export async function waitFor(p: Proc, text: string | RegExp, timeoutMs = 90_000): Promise<void> {
  const started = Date.now();
  const seen = () => (typeof text === 'string' ? p.stdout().includes(text) : text.test(p.stdout()));
  let done = false;
  void p.exited.then(() => (done = true));
  while (!seen()) {
    if (done) throw new Error(`server exited before "${String(text)}":\n${p.stderr()}\n${p.stdout()}`);
    if (Date.now() - started > timeoutMs) throw new Error(`timeout waiting for "${String(text)}":\n${p.stderr()}\n${p.stdout()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * POST /ent/v3/login/code (`mobile=<mobile>`) to the server on `port` with its body still
 * arriving: `mobile=1` goes at once, the rest when `meanwhile` calls `rest` (a SIGTERM comes in
 * between). Answers the server's answer; a `meanwhile` that fails fails it.
 */
export function slowLoginCode(port: number, mobile: string, meanwhile: (rest: () => void) => unknown): Promise<{ status: number; body: string }> {
  const form = `mobile=${mobile}`;
  return new Promise((res, rej) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/ent/v3/login/code',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(form.length) },
      },
      (r) => {
        let body = '';
        r.on('data', (d: Buffer) => (body += d.toString()));
        r.on('end', () => res({ status: r.statusCode ?? 0, body }));
      },
    );
    req.on('error', rej);
    req.write(form.slice(0, 8));
    Promise.resolve(meanwhile(() => req.end(form.slice(8)))).catch(rej);
  });
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

/** base64 of 32 fixed bytes: a well-formed key for the production profile's checks. */
export const testKey = (n: number) => Buffer.alloc(32, n).toString('base64');

/** A complete production environment but for what a test changes. */
export function productionEnv(over: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
    PUBLIC_ORIGIN: 'https://hr.example.com',
    PII_KEYS: `1:${testKey(1)}`,
    PII_INDEX_KEY: testKey(2),
    SMS_CODE_KEY: testKey(3),
    PAYOUT_CHANNEL_KEY: testKey(4),
    ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tTestKey',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'test-secret',
    ALIYUN_SMS_SIGN_NAME: '企业服务平台',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_123456789',
    PAYOUT_CHANNEL_URL: 'https://pay.example.com/api/v1',
    TAX_SELLER_NAME: '杭州示例人力资源服务有限公司',
    TAX_SELLER_TAX_NO: '91330106MA2H8D7K3U',
    TAX_SELLER_ADDRESS: '杭州市西湖区文三路1号 0571-88880000',
    TAX_SELLER_BANK: '招商银行杭州分行 571900000000000001',
    ...over,
  };
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<string, string>;
}
