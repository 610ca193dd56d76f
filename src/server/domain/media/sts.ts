/**
 * Short-lived upload credentials: the console's (GET /upload/sts) and a task worker's for their
 * delivery photos (the invitation's upload/sts): production's cloud STS AssumeRole scoped to the
 * owner's key prefix (adapters/sts.ts), else credentials minted here and recorded so the OSS/VOD
 * sandboxes can check the signatures and tokens they receive and tie uploads to their owner
 * (domain/accounts/credentials.ts). A task worker's reach images only, for a quarter of an hour.
 */
import type { StsData } from '../../../contract/upload';
import { assumeRole, CONSOLE_UPLOAD_ACTIONS, IMAGE_UPLOAD_ACTIONS, uploadPolicyDoc, uploadRolePolicy, type AliyunStsConfig } from '../../adapters/sts';
import type { Db } from '../../db/types';
import { failed } from '../../lib/refusal';
import { DEMO_BUCKET, isoSeconds, mintCredentials, ownerPrefix, type UploadOwner } from '../accounts/credentials';

export const STS_TTL_S = 3600;
/** a task worker's: STS's shortest (their page's session is half an hour; the engine asks again before expiry) */
export const WORKER_STS_TTL_S = 900;

/**
 * `where`: production's video service endpoint and region, which the console signs its calls to;
 * `log` gets the provider's error (the caller sees a plain refusal).
 */
export async function uploadCredentials(
  db: Db,
  owner: UploadOwner,
  o: { sts: AliyunStsConfig | null; where: { VodEndpoint?: string; RegionId?: string }; now: Date; log: (msg: string) => void },
): Promise<StsData> {
  const worker = owner.task_worker_id !== null;
  const ttlS = worker ? WORKER_STS_TTL_S : STS_TTL_S;
  if (o.sts) {
    try {
      const c = await assumeRole(o.sts, {
        // the cloud's audit trail names the owner: hr-u<user> or hr-w<task worker>
        sessionName: owner.task_worker_id !== null ? `hr-w${owner.task_worker_id}` : `hr-u${owner.user_id}`,
        prefix: ownerPrefix(owner),
        durationS: ttlS,
        ...(worker ? { vodActions: IMAGE_UPLOAD_ACTIONS } : {}),
      });
      return { ...c, ...o.where };
    } catch (err) {
      o.log(err instanceof Error ? err.message : String(err));
      throw failed('获取上传凭证失败，请稍后再试');
    }
  }
  // what AssumeRole would give: the role's policy and the caller's session policy, both evaluated by the sandboxes
  const vodActions = worker ? IMAGE_UPLOAD_ACTIONS : CONSOLE_UPLOAD_ACTIONS;
  const policies = [uploadRolePolicy(DEMO_BUCKET), uploadPolicyDoc(DEMO_BUCKET, ownerPrefix(owner), vodActions)];
  const c = await mintCredentials(db, { owner, now: o.now, ttlS, kind: worker ? 'image' : null, policies });
  return {
    AccessKeyId: c.AccessKeyId,
    AccessKeySecret: c.AccessKeySecret,
    SecurityToken: c.SecurityToken,
    Expiration: isoSeconds(c.expires),
  };
}
