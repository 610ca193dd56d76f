import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { endpoints } from '../../contract/endpoints';
import { isActiveMember } from '../domain/users';
import { addRoute } from '../http/route';
import { randomAlnum, sha256hex } from '../lib/crypto';
import { addDays, addSeconds } from '../lib/time';

export const STS_TTL_S = 3600;

/** Aliyun writes `2015-04-09T11:52:19Z`: ISO 8601 without milliseconds. */
const isoSeconds = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function uploadRoutes(app: FastifyInstance) {
  /**
   * Short-lived upload credentials, recorded so the OSS/VOD sandboxes can check the
   * signatures and tokens they receive and tie uploads to the caller's company.
   */
  addRoute(app, endpoints.sts, async ({ auth, db, now }) => {
    const accessKeyId = `STS.${randomAlnum(24)}`;
    const accessKeySecret = randomAlnum(40);
    const securityToken = `CAIS${randomBytes(150).toString('base64')}`;
    const expires = addSeconds(now, STS_TTL_S);
    const companyId = isActiveMember(auth.user, auth.company) ? auth.company.id : null;
    await db.tx(async (t) => {
      // expired credentials are kept a day for the sandboxes' error reports, then dropped
      await t.query('DELETE FROM sts_credentials WHERE expires_at < $1', [addDays(now, -1)]);
      await t.query(
        `INSERT INTO sts_credentials (access_key_id, access_key_secret, security_token_hash, user_id, company_id,
           created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [accessKeyId, accessKeySecret, sha256hex(securityToken), auth.user.id, companyId, now, expires],
      );
    });
    return {
      AccessKeyId: accessKeyId,
      AccessKeySecret: accessKeySecret,
      SecurityToken: securityToken,
      Expiration: isoSeconds(expires),
    };
  });
}
