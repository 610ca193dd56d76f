/**
 * The console's short-lived upload credentials (GET /upload/sts): production's cloud STS
 * AssumeRole scoped to the caller's key prefix (adapters/sts.ts), else credentials minted here and
 * recorded so the OSS/VOD sandboxes can check the signatures and tokens they receive and tie
 * uploads to the caller's company (domain/accounts/credentials.ts).
 */
import type { StsData } from '../../../contract/upload';
import { assumeRole, type AliyunStsConfig } from '../../adapters/sts';
import type { Db } from '../../db/types';
import { failed } from '../../lib/refusal';
import { isoSeconds, mintCredentials, ownerPrefix } from '../accounts/credentials';
import type { MediaCaller } from './register';

export const STS_TTL_S = 3600;

/**
 * `where`: production's video service endpoint and region, which the console signs its calls to;
 * `log` gets the provider's error (the caller sees a plain refusal).
 */
export async function uploadCredentials(
  db: Db,
  caller: MediaCaller,
  o: { sts: AliyunStsConfig | null; where: { VodEndpoint?: string; RegionId?: string }; now: Date; log: (msg: string) => void },
): Promise<StsData> {
  if (o.sts) {
    try {
      const c = await assumeRole(o.sts, { sessionName: `hr-u${caller.user_id}`, prefix: ownerPrefix(caller), durationS: STS_TTL_S });
      return { ...c, ...o.where };
    } catch (err) {
      o.log(err instanceof Error ? err.message : String(err));
      throw failed('获取上传凭证失败，请稍后再试');
    }
  }
  const c = await mintCredentials(db, { userId: caller.user_id, companyId: caller.company_id, now: o.now, ttlS: STS_TTL_S });
  return {
    AccessKeyId: c.AccessKeyId,
    AccessKeySecret: c.AccessKeySecret,
    SecurityToken: c.SecurityToken,
    Expiration: isoSeconds(c.expires),
  };
}
