/**
 * Alibaba Cloud's RPC-style request signature (SignatureVersion 1.0, HMAC-SHA1), as SMS
 * (dysmsapi) and VOD use it: the parameters but Signature sorted, percent-encoded (RFC 3986),
 * joined, and signed as `METHOD&%2F&<encoded query>` with `<secret>&`.
 */
import { createHmac, randomUUID } from 'node:crypto';

export const percentEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function rpcSignature(method: string, params: Record<string, string>, secret: string): string {
  const q = Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
  return createHmac('sha1', `${secret}&`)
    .update(`${method}&${percentEncode('/')}&${percentEncode(q)}`)
    .digest('base64');
}

/** The common parameters of a signed call plus the action's own, with its Signature. */
export function signedParams(
  action: Record<string, string>,
  cred: { accessKeyId: string; accessKeySecret: string },
  opts: { method?: string; now?: Date; nonce?: string } = {},
): Record<string, string> {
  const params: Record<string, string> = {
    ...action,
    AccessKeyId: cred.accessKeyId,
    Format: 'JSON',
    SignatureMethod: 'HMAC-SHA1',
    SignatureVersion: '1.0',
    SignatureNonce: opts.nonce ?? randomUUID(),
    Timestamp: (opts.now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
  params.Signature = rpcSignature(opts.method ?? 'POST', params, cred.accessKeySecret);
  return params;
}
