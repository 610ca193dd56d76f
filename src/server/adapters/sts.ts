/**
 * Alibaba Cloud STS `AssumeRole` (API 2015-04-01), the real RPC with the same signature as SMS and
 * VOD (aliyun-rpc.ts): the server's RAM user assumes the upload role for one caller, with a session
 * policy that narrows the role to the caller's own key prefix in the bucket (`c12/` for a company,
 * `u5/` for a user without one) — the same scope the demo's store enforces. Chosen by configuration
 * (config.ts: ALIYUN_STS_*); without it the server mints sandbox credentials (domain/accounts/credentials.ts).
 * The demo's sandbox (/sandbox/sts/) verifies the signature and answers in the real shape.
 */
import { signedParams } from './aliyun-rpc';

export interface AliyunStsConfig {
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** acs:ram::<account>:role/<name> — a role trusted by the account, allowed on the upload bucket */
  roleArn: string;
  /** the bucket the policy scopes to */
  bucket: string;
  regionId?: string;
}

export interface StsCredentials {
  AccessKeyId: string;
  AccessKeySecret: string;
  SecurityToken: string;
  /** ISO 8601 seconds, UTC (2026-11-23T19:00:00Z) */
  Expiration: string;
}

export class StsError extends Error {
  constructor(
    readonly status: number,
    readonly providerCode: string,
    message: string,
  ) {
    super(`AssumeRole: ${status} ${providerCode} ${message}`);
  }
}

/**
 * The video service's calls of image uploads (the engine's CreateUploadImage, its refresh and the
 * progress copies): a task worker's credentials may call these and no other (no videos, no
 * documents).
 */
export const IMAGE_UPLOAD_ACTIONS = ['vod:CreateUploadImage', 'vod:RefreshUploadImage', 'vod:GetUploadProgress', 'vod:ReportUploadProgress'] as const;
/**
 * The console's: videos, images and documents (the engine's Create/RefreshUpload* calls). The
 * credential's rights are the role's policy *intersected* with the session policy (STS AssumeRole
 * `Policy`), so a VOD action the session policy leaves out is denied, whatever the role grants.
 */
export const CONSOLE_UPLOAD_ACTIONS = [
  'vod:CreateUploadVideo',
  'vod:RefreshUploadVideo',
  'vod:CreateUploadAttachedMedia',
  'vod:RefreshUploadAttachedMedia',
  ...IMAGE_UPLOAD_ACTIONS,
] as const;

/**
 * The object store's calls of the upload engine, as RAM names them (OSS's own table):
 * InitiateMultipartUpload, UploadPart and CompleteMultipartUpload are `oss:PutObject`, HeadObject
 * is `oss:GetObject`.
 */
export const UPLOAD_OSS_ACTIONS = ['oss:PutObject', 'oss:GetObject', 'oss:AbortMultipartUpload', 'oss:ListParts'] as const;

/** A RAM policy document (Version "1"). */
export interface RamPolicy {
  Version: '1';
  Statement: { Effect: 'Allow' | 'Deny'; Action: string[]; Resource: string[] }[];
}

/**
 * What an upload credential may do (the session policy of AssumeRole): the upload engine's calls
 * under one prefix of one bucket, and these VOD actions (the console's by default). Anything left
 * out is denied: the cloud intersects it with the role's policy (uploadRolePolicy).
 */
export function uploadPolicyDoc(bucket: string, prefix: string, vodActions: readonly string[] = CONSOLE_UPLOAD_ACTIONS): RamPolicy {
  return {
    Version: '1',
    Statement: [
      { Effect: 'Allow', Action: [...UPLOAD_OSS_ACTIONS], Resource: [`acs:oss:*:*:${bucket}/${prefix}*`] },
      { Effect: 'Allow', Action: [...vodActions], Resource: ['*'] },
    ],
  };
}
export const uploadPolicy = (bucket: string, prefix: string, vodActions?: readonly string[]) => JSON.stringify(uploadPolicyDoc(bucket, prefix, vodActions));

/**
 * The permission policy the upload role (ALIYUN_STS_ROLE_ARN) needs, and the demo's role has: the
 * upload calls on the whole bucket and the console's VOD upload calls — no reads of the account's
 * media (Get*Info), no deletes. Each caller's session policy narrows it to their prefix.
 */
export function uploadRolePolicy(bucket: string): RamPolicy {
  return {
    Version: '1',
    Statement: [
      { Effect: 'Allow', Action: [...UPLOAD_OSS_ACTIONS], Resource: [`acs:oss:*:*:${bucket}/*`] },
      { Effect: 'Allow', Action: [...CONSOLE_UPLOAD_ACTIONS], Resource: ['*'] },
    ],
  };
}

/** `vodActions`: the video service calls allowed (default the console's; a task worker's: IMAGE_UPLOAD_ACTIONS). */
export interface AssumeRoleFor {
  sessionName: string;
  prefix: string;
  durationS: number;
  vodActions?: readonly string[];
}

export function assumeRoleParams(cfg: AliyunStsConfig, o: AssumeRoleFor, opts: { now?: Date; nonce?: string } = {}) {
  return signedParams(
    {
      Action: 'AssumeRole',
      Version: '2015-04-01',
      RegionId: cfg.regionId ?? 'cn-hangzhou',
      RoleArn: cfg.roleArn,
      RoleSessionName: o.sessionName,
      DurationSeconds: String(o.durationS),
      Policy: uploadPolicy(cfg.bucket, o.prefix, o.vodActions),
    },
    cfg,
    { method: 'POST', ...opts },
  );
}

/** Assumes the upload role for one caller (`sessionName` names them in the cloud's audit trail). */
export async function assumeRole(cfg: AliyunStsConfig, o: AssumeRoleFor): Promise<StsCredentials> {
  const res = await fetch(cfg.endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(assumeRoleParams(cfg, o)).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string; Credentials?: StsCredentials };
  const c = body.Credentials;
  if (res.status !== 200 || !c?.AccessKeyId || !c.AccessKeySecret || !c.SecurityToken || !c.Expiration) {
    throw new StsError(res.status, body.Code ?? `HTTP${res.status}`, body.Message ?? '');
  }
  return { AccessKeyId: c.AccessKeyId, AccessKeySecret: c.AccessKeySecret, SecurityToken: c.SecurityToken, Expiration: c.Expiration };
}
