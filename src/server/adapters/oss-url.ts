/**
 * A GetObject URL of the object store signed with the account's own key (OSS V1 query-string
 * signature: OSSAccessKeyId, Expires, Signature over `GET\n\n\n<expires>\n/<bucket>/<key>`),
 * virtual-host style on the real store (`https://<bucket>.oss-<region>.aliyuncs.com/<key>`),
 * path-style on a store at 127.0.0.1/localhost (the sandbox in tests) or on the console's own
 * origin (the demo: a relative URL). The media library's previews.
 */
import { createHmac } from 'node:crypto';

export interface OssSigner {
  /** `https://oss-cn-shanghai.aliyuncs.com`; '' the demo's store on the console's own origin (a relative URL) */
  ossEndpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
}

const encodeKey = (key: string) => encodeURIComponent(key).replace(/%2F/g, '/');

export function signedObjectUrl(cfg: OssSigner, bucket: string, key: string, expires: Date): string {
  const exp = String(Math.floor(expires.getTime() / 1000));
  const signature = createHmac('sha1', cfg.accessKeySecret)
    .update(['GET', '', '', exp, `/${bucket}/${key}`].join('\n'), 'utf8')
    .digest('base64');
  let base = `/${bucket}`;
  if (cfg.ossEndpoint) {
    const u = new URL(cfg.ossEndpoint);
    const local = u.hostname === '127.0.0.1' || u.hostname === 'localhost';
    base = local ? `${u.protocol}//${u.host}/${bucket}` : `${u.protocol}//${bucket}.${u.host}`;
  }
  return `${base}/${encodeKey(key)}?${new URLSearchParams({ OSSAccessKeyId: cfg.accessKeyId, Expires: exp, Signature: signature }).toString()}`;
}
