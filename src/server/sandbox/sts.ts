/**
 * Stand-in for Alibaba Cloud STS: `POST /sandbox/sts/` takes `AssumeRole` as the real API does and
 * checks it the same way — the RPC signature with the sandbox's RAM key, the time within 15
 * minutes, each nonce once, the role, the duration (900–43200 s), the session policy's grammar —
 * then mints credentials the demo's OSS/VOD sandboxes accept (domain/accounts/credentials.ts),
 * bound to the role's permission policy (adapters/sts.ts uploadRolePolicy) and the session policy:
 * the sandboxes allow a call only when both allow it and neither denies it (ram-policy.ts), as RAM
 * does. The session policy names the owner by its one prefix. Answers in the real shape
 * (Credentials, AssumedRoleUser, RequestId).
 */
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { rpcSignature } from '../adapters/aliyun-rpc';
import { uploadRolePolicy, type RamPolicy } from '../adapters/sts';
import { isoSeconds, mintCredentials, type UploadOwner } from '../domain/accounts/credentials';
import { safeEqual } from '../lib/crypto';
import { SANDBOX_BUCKET } from './cloud';
import { parsePolicy, PolicyGrammarError, policiesAllow, VOD_RESOURCE, vodAction } from './ram-policy';

/** The sandbox's RAM user and upload role (public: the sandbox is a demo). */
export const SANDBOX_STS = {
  accessKeyId: 'LTAI5tSandboxSts0001',
  accessKeySecret: 'hr-console-sandbox-sts-secret',
  roleArn: 'acs:ram::1234567890123456:role/hr-console-upload',
  bucket: SANDBOX_BUCKET,
};
const MAX_SKEW_MS = 15 * 60_000;
/** an OSS statement's resource naming one owner's prefix of the sandbox's bucket */
const OWNER_RESOURCE = new RegExp(`^acs:oss:\\*:\\*:${SANDBOX_STS.bucket}/(c(\\d+)|u(\\d+)|w(\\d+))/\\*$`);

export function stsSandbox(app: FastifyInstance) {
  const nonces = new Map<string, number>();
  app.post('/sandbox/sts/', async (req, reply) => {
    const raw = (req.body ?? {}) as Record<string, unknown>;
    const p: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') p[k] = v;
    const RequestId = randomUUID().toUpperCase();
    const fail = (status: number, Code: string, Message: string) => reply.status(status).send({ RequestId, HostId: 'sts.aliyuncs.com', Code, Message });
    for (const k of ['Action', 'AccessKeyId', 'Signature', 'SignatureNonce', 'Timestamp', 'Version', 'RoleArn', 'RoleSessionName']) {
      if (!p[k]) return fail(400, 'MissingParameter', `${k} is mandatory for this action.`);
    }
    if (p.Action !== 'AssumeRole' || p.Version !== '2015-04-01') return fail(400, 'InvalidAction.NotFound', 'Specified api is not found.');
    if (p.AccessKeyId !== SANDBOX_STS.accessKeyId) return fail(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (!safeEqual(rpcSignature('POST', p, SANDBOX_STS.accessKeySecret), p.Signature!)) {
      return fail(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    }
    const now = app.now();
    const ts = Date.parse(p.Timestamp!);
    if (!Number.isFinite(ts) || Math.abs(ts - now.getTime()) > MAX_SKEW_MS)
      return fail(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    for (const [k, t] of nonces) if (t < now.getTime() - MAX_SKEW_MS) nonces.delete(k);
    if (nonces.has(p.SignatureNonce!)) return fail(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.set(p.SignatureNonce!, now.getTime());
    if (p.RoleArn !== SANDBOX_STS.roleArn) return fail(404, 'EntityNotExist.Role', 'The role not exists.');
    if (!/^[\w.@-]{2,64}$/.test(p.RoleSessionName!)) return fail(400, 'InvalidParameter.RoleSessionName', 'The parameter RoleSessionName is wrongly formed.');
    const ttl = Number(p.DurationSeconds ?? 3600);
    if (!Number.isInteger(ttl) || ttl < 900 || ttl > 43200)
      return fail(400, 'InvalidParameter.DurationSeconds', 'The Min/Max value of DurationSeconds is 15min/12hr.');
    // the session policy: RAM's grammar (ram-policy.ts), and one owner prefix of the sandbox bucket
    // in an OSS statement (c<company>/, u<user>/ or w<task worker>/), which names whose uploads are made
    let session: unknown;
    try {
      session = JSON.parse(p.Policy ?? '');
      parsePolicy(session);
    } catch (e) {
      const why = e instanceof PolicyGrammarError ? ` ${e.message}` : '';
      return fail(400, 'InvalidParameter.PolicyGrammar', `The parameter Policy has not passed grammar check.${why}`);
    }
    const ossResources = ((session as { Statement: { Effect?: unknown; Resource?: unknown }[] }).Statement ?? [])
      .filter((x) => x.Effect === 'Allow')
      .flatMap((x) => (Array.isArray(x.Resource) ? x.Resource : [x.Resource]))
      .filter((r): r is string => typeof r === 'string' && r.startsWith('acs:oss:'));
    const owners = new Set(ossResources.map((r) => OWNER_RESOURCE.exec(r)?.[1] ?? r));
    const m = owners.size === 1 ? OWNER_RESOURCE.exec(ossResources[0]!) : null;
    const who = /([uw])(\d+)$/.exec(p.RoleSessionName!);
    if (!m || !who)
      return fail(
        400,
        'InvalidParameter.PolicyGrammar',
        'The sandbox takes one owner prefix (c<id>/, u<id>/ or w<id>/) and a session name ending u<user id> or w<task worker id>.',
      );
    let owner: UploadOwner;
    if (m[4]) {
      if (who[1] !== 'w' || Number(who[2]) !== Number(m[4]))
        return fail(400, 'InvalidParameter.PolicyGrammar', 'The policy prefix is not the session task worker.');
      owner = { user_id: null, company_id: null, task_worker_id: Number(m[4]) };
    } else {
      if (who[1] !== 'u' || (m[3] && Number(m[3]) !== Number(who[2])))
        return fail(400, 'InvalidParameter.PolicyGrammar', 'The policy prefix is not the session user.');
      owner = { user_id: Number(who[2]), company_id: m[2] ? Number(m[2]) : null, task_worker_id: null };
    }
    // the credential's rights: the role's policy intersected with this session policy (ram-policy.ts);
    // `kind` records a credential that can reach image uploads only (a task worker's)
    const policies = [uploadRolePolicy(SANDBOX_STS.bucket), session as RamPolicy];
    const images =
      !policiesAllow(policies, vodAction('CreateUploadVideo'), VOD_RESOURCE) && policiesAllow(policies, vodAction('CreateUploadImage'), VOD_RESOURCE);
    const c = await mintCredentials(app.db, { owner, now, ttlS: ttl, kind: images ? 'image' : null, policies });
    return reply.send({
      RequestId,
      AssumedRoleUser: {
        Arn: `${SANDBOX_STS.roleArn.replace(':role/', ':assumed-role/')}/${p.RoleSessionName}`,
        AssumedRoleId: `3${RequestId.slice(0, 17)}:${p.RoleSessionName}`,
      },
      Credentials: { AccessKeyId: c.AccessKeyId, AccessKeySecret: c.AccessKeySecret, SecurityToken: c.SecurityToken, Expiration: isoSeconds(c.expires) },
    });
  });
}
