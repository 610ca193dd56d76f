/**
 * A stand-in for Alibaba Cloud SMS (the operations bench's ALIYUN_SMS_ENDPOINT): takes SendSms
 * form posts (adapters/sms.ts), answers `{"Code":"OK","BizId":…}` and records, per PhoneNumbers,
 * when each message arrived (performance.now() of this process) and its code (TemplateParam).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmsArrival {
  at: number;
  code: string;
}

export class SmsProvider {
  private server: Server | null = null;
  /** every message by mobile, in arrival order */
  readonly byMobile = new Map<string, SmsArrival[]>();
  received = 0;
  private waiters = new Map<string, (() => void)[]>();
  url = '';

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const parts: Buffer[] = [];
      req.on('data', (d: Buffer) => parts.push(d));
      req.on('end', () => {
        const at = performance.now();
        const form = new URLSearchParams(Buffer.concat(parts).toString());
        const mobile = form.get('PhoneNumbers') ?? '';
        let code = '';
        try {
          code = String((JSON.parse(form.get('TemplateParam') ?? '{}') as { code?: unknown }).code ?? '');
        } catch {
          /* a notice, or a malformed param: recorded without a code */
        }
        if (form.get('Action') === 'SendSms' && mobile) {
          this.received++;
          const list = this.byMobile.get(mobile) ?? [];
          list.push({ at, code });
          this.byMobile.set(mobile, list);
          for (const w of this.waiters.get(mobile) ?? []) w();
          this.waiters.delete(mobile);
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ Code: 'OK', Message: 'OK', BizId: `${Date.now()}^${this.received}`, RequestId: String(this.received) }));
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
    return this.url;
  }

  /** Forgets what arrived so far. */
  reset(): void {
    this.byMobile.clear();
    this.received = 0;
  }

  /** The newest code sent to `mobile`, waiting up to `timeoutMs` for one; null when none came. */
  async codeFor(mobile: string, timeoutMs: number): Promise<string | null> {
    const have = () => this.byMobile.get(mobile)?.at(-1)?.code ?? null;
    if (have() !== null) return have();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      const list = this.waiters.get(mobile) ?? [];
      list.push(() => {
        clearTimeout(timer);
        resolve();
      });
      this.waiters.set(mobile, list);
    });
    return have();
  }

  /** Waits until every one of `mobiles` has a message (or `timeoutMs` passed). */
  async all(mobiles: string[], timeoutMs: number): Promise<void> {
    const until = performance.now() + timeoutMs;
    await Promise.all(mobiles.map((m) => this.codeFor(m, Math.max(0, until - performance.now()))));
  }

  async close(): Promise<void> {
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}
