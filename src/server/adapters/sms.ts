/**
 * The SMS provider of the production profile: Alibaba Cloud SMS `SendSms` (API 2017-05-25) with a
 * sign name and a template taking `${code}`, signed like every Alibaba RPC call (aliyun-rpc.ts).
 * The demo's sandbox (/sandbox/dysms/) verifies the same signature. Chosen by configuration
 * (config.ts: ALIYUN_SMS_*); main.ts installs it, issueSmsCode (routes/auth.ts) uses it.
 */
import { signedParams } from './aliyun-rpc';

export interface AliyunSmsConfig {
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** a notice template taking `${content}` (reminders, urges, links); unset: notices are not sent */
  noticeTemplateCode?: string;
  regionId?: string;
}

export interface SmsSender {
  /** sends a login/verification code; throws when the provider refuses */
  sendCode(mobile: string, code: string, outId?: string): Promise<void>;
  /** sends a notice (reminder, urge, link); false when no notice template is configured */
  sendNotice?(mobile: string, content: string, outId?: string): Promise<boolean>;
}

export class SmsSendError extends Error {
  constructor(
    readonly providerCode: string,
    message: string,
  ) {
    super(`SendSms: ${providerCode} ${message}`);
  }
}

/** The signed form of one SendSms call (exported for the sandbox's tests: fixed nonce and time). */
export function sendSmsParams(cfg: AliyunSmsConfig, mobile: string, code: string, opts: { now?: Date; nonce?: string; outId?: string } = {}) {
  return smsParams(cfg, mobile, cfg.templateCode, { code }, opts);
}

/** One signed SendSms call of any template; OutId (the job's id) lets the provider's receipts match. */
export function smsParams(
  cfg: AliyunSmsConfig,
  mobile: string,
  templateCode: string,
  param: Record<string, string>,
  opts: { now?: Date; nonce?: string; outId?: string } = {},
) {
  return signedParams(
    {
      Action: 'SendSms',
      Version: '2017-05-25',
      RegionId: cfg.regionId ?? 'cn-hangzhou',
      PhoneNumbers: mobile,
      SignName: cfg.signName,
      TemplateCode: templateCode,
      TemplateParam: JSON.stringify(param),
      ...(opts.outId ? { OutId: opts.outId.slice(0, 64) } : {}),
    },
    cfg,
    { method: 'POST', now: opts.now, nonce: opts.nonce },
  );
}

export async function postSendSms(endpoint: string, params: Record<string, string>): Promise<{ BizId: string }> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string; BizId?: string };
  if (body.Code !== 'OK') throw new SmsSendError(body.Code ?? `HTTP${res.status}`, body.Message ?? '');
  return { BizId: body.BizId ?? '' };
}

export function aliyunSms(cfg: AliyunSmsConfig): SmsSender {
  return {
    async sendCode(mobile, code, outId) {
      await postSendSms(cfg.endpoint, sendSmsParams(cfg, mobile, code, { outId }));
    },
    async sendNotice(mobile, content, outId) {
      if (!cfg.noticeTemplateCode) return false;
      await postSendSms(cfg.endpoint, smsParams(cfg, mobile, cfg.noticeTemplateCode, { content }, { outId }));
      return true;
    },
  };
}

/** The process's configured provider (production); null: the demo's sandbox outbox. */
let sender: SmsSender | null = null;
export const installSmsSender = (s: SmsSender | null) => {
  sender = s;
};
export const smsSender = () => sender;
