/**
 * Accounts and the company lifecycle (issue 5): the company application (create, resubmit after
 * a rejection) with its licence image, colleagues and their checks, colleague and friend
 * invitations, personal info, CRC ledger, strategic partners. The rules: domain/accounts/.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { activeCompany, adminCompany } from '../domain/access';
import { checkColleague, companyInviteCode, companyInvitePreview, joinCompany, listColleagues, removeColleague } from '../domain/accounts/colleagues';
import { strategicPartners } from '../domain/accounts/home';
import { roleChangeList, setColleagueRoles } from '../domain/accounts/roles';
import { licenseFromMedia, licenseImage, uploadLicense } from '../domain/accounts/license';
import { crcLedger } from '../domain/accounts/membership';
import { acceptInvite, inviterOf, myInvites, saveProfile } from '../domain/accounts/personal';
import { applyForCompany, companyApplication } from '../domain/accounts/verification';
import { readObject } from '../domain/media/object';
import { addRoute } from '../http/route';

export function accountRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.companyApplication, async ({ auth, db, req }) => ({ company: await companyApplication(db, auth, req.ip) }));

  /** The business licence image (a plain upload until the upload engine takes over). */
  addRoute(app, endpoints.licenseUpload, async ({ auth, body, db, now }) => uploadLicense(db, auth.user.id, body.image, now));

  /** The licence through the upload engine: a copy of the caller's (or their company's) finished image. */
  addRoute(app, endpoints.licenseFromMedia, async ({ auth, body, db, now, req }) =>
    licenseFromMedia(db, auth, body.media_id, now, (bucket, key, bytes) => readObject(req.server, db, bucket, key, bytes)),
  );

  addRoute(app, endpoints.licenseImage, async ({ auth, params, db }) => ({ image: await licenseImage(db, auth, params.id) }));

  /** Create the company and apply for verification, or resubmit a rejected application. */
  addRoute(app, endpoints.companyApply, async ({ auth, body, db, now, setMsg }) => {
    const company = await applyForCompany(db, auth, body, now);
    setMsg('提交成功，请等待平台审核');
    return { company };
  });

  addRoute(app, endpoints.colleagues, async ({ auth, db }) => listColleagues(db, activeCompany(auth).id, auth));

  addRoute(app, endpoints.colleagueCheck, async ({ auth, params, body, db, now, setMsg }) => {
    const c = adminCompany(auth, '审核同事');
    await checkColleague(db, c.id, params.id, body.result, now);
    setMsg(body.result === 'pass' ? '已通过，该同事已加入企业' : '已拒绝该同事的加入申请');
    return null;
  });

  addRoute(app, endpoints.colleagueRemove, async ({ auth, params, db, now, setMsg }) => {
    const c = adminCompany(auth, '移除同事');
    await removeColleague(db, { companyId: c.id, adminId: auth.user.id, userId: params.id }, now);
    setMsg('已移除该同事');
    return null;
  });

  /** The admin sets a colleague's roles (the table's perm: admin; adminCompany the second line). */
  addRoute(app, endpoints.colleagueRoles, async ({ auth, params, body, db, now, setMsg }) => {
    const c = adminCompany(auth, '设置同事角色');
    const r = await setColleagueRoles(db, { companyId: c.id, adminId: auth.user.id, userId: params.id, roles: body.roles }, now);
    setMsg(r.changed ? '角色已更新' : '角色未变化');
    return r;
  });

  addRoute(app, endpoints.roleChanges, async ({ auth, query, db }) => roleChangeList(db, adminCompany(auth, '查看权限变更记录').id, query.page));

  addRoute(app, endpoints.companyInvite, async ({ auth, db }) => companyInviteCode(db, activeCompany(auth)));

  addRoute(app, endpoints.companyInvitePreview, async ({ params, db }) => companyInvitePreview(db, params.code));

  addRoute(app, endpoints.companyJoin, async ({ auth, body, db, now, setMsg }) => {
    await joinCompany(db, auth.user.id, body, now);
    setMsg('申请已提交，请等待企业管理员审核');
    return null;
  });

  addRoute(app, endpoints.profile, async ({ auth, body, db, setMsg }) => {
    await saveProfile(db, auth.user.id, body);
    setMsg('保存成功');
    return null;
  });

  addRoute(app, endpoints.myInvite, async ({ auth, db }) => myInvites(db, auth.user.id));

  addRoute(app, endpoints.inviterOf, async ({ params, db }) => ({ inviter: await inviterOf(db, params.code) }));

  addRoute(app, endpoints.inviteAccept, async ({ auth, body, db, now, setMsg }) => {
    await acceptInvite(db, auth.user.id, body.code, now);
    setMsg('已接受邀请');
    return null;
  });

  addRoute(app, endpoints.crcLedger, async ({ auth, query, db }) => crcLedger(db, activeCompany(auth), query));

  addRoute(app, endpoints.partners, async ({ db }) => ({ list: await strategicPartners(db) }));
}
