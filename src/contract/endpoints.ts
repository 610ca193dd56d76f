// first: zod must not probe eval under the console's CSP (zod-csp.ts)
import './zod-csp';
import { z } from 'zod';
import { ep, type Endpoint } from './endpoint';
import { Empty } from './envelope';
import { IdParam } from './common';
import { LoginBody, LoginCodeBody, LoginCodeData, LoginData } from './auth';
import { InvoiceBody, InvoiceData, OrderCreateBody, OrderCreateData, OrderData, UserCenterInfoData } from './usercenter';
import { CompanyInfo, homeEndpoints, PlanDayBody, PlanDaysData, PlanListData, SettingData } from './home';
import { dimissionEndpoints } from './dimission';
import { reviewEndpoints, UnsuitableBody } from './review';
import { InviteBody, InviteInfo, InviteQuery, ResumeView } from './talent';
import { MediaListData, MediaListQuery, MediaRegisterBody, MediaRegisterData, StsData } from './upload';
import {
  ColleagueCheckBody,
  ColleagueRolesBody,
  ColleagueRolesData,
  RoleChangesData,
  RoleChangesQuery,
  ColleaguesData,
  CompanyApplicationData,
  CompanyApplyBody,
  CompanyInviteData,
  CompanyInvitePreview,
  CompanyJoinBody,
  CrcLedgerData,
  CrcLedgerQuery,
  InviteAcceptBody,
  InviteCodeParam,
  InviterData,
  LicenseUploadBody,
  LicenseMediaBody,
  LicenseImageData,
  LicenseUploadData,
  MyInviteData,
  OrdersData,
  PartnersData,
  ProfileBody,
  WechatBindBody,
  WechatStatusBody,
  WechatQrData,
  WechatStatusData,
} from './account';
import {
  ApplyListData,
  ApplyListQuery,
  ApplyStatusData,
  HallData,
  HallQuery,
  HiredListData,
  InterviewListData,
  InterviewListQuery,
  PositionBody,
  PositionDetail,
  PositionListData,
  PositionListQuery,
  PositionSaved,
  PositionStatusBody,
} from './recruitment';
import { importsEndpoints } from './imports';

import { privacyEndpoints } from './privacy';
import { retentionEndpoints } from './retention';
import { employmentEndpoints } from './employment';
import { workerEndpoints } from './worker';
import { signEvidenceEndpoints } from './sign-evidence';
import { statisticsEndpoints } from './statistics';
import { payoutsEndpoints } from './payouts';
import { taxEndpoints } from './tax';
import { messagesEndpoints } from './messages';
import { interviewEndpoints } from './interviews';
import { exportEndpoints } from './exports';
import { applyEndpoints } from './apply';

export { API_PREFIX, fillPath } from './paths';

export type { Endpoint, EndpointRoute, Method } from './endpoint';

/**
 * Every call of SPEC §7 plus the pinned login/logout/sts (ARCHITECTURE §2), and every area's own
 * table (one contract file per area, spread in at the end). The server registers from this table,
 * the client calls through it, and the sweep test (src/server/sweep.test.ts) walks all of it.
 */
const coreEndpoints = {
  loginCode: ep({ method: 'POST', path: '/login/code', body: LoginCodeBody, data: LoginCodeData, auth: false }),
  login: ep({ method: 'POST', path: '/login', body: LoginBody, data: LoginData, auth: false }),
  logout: ep({ method: 'POST', path: '/logout', data: Empty, auth: true }),

  userInfo: ep({ method: 'GET', path: '/usercenter/info', data: UserCenterInfoData, auth: true, silent: true }),
  setting: ep({ method: 'GET', path: '/index/setting', data: SettingData, auth: true }),

  planDays: ep({ method: 'GET', path: '/index/plan', data: PlanDaysData, auth: true }),
  planDay: ep({ method: 'POST', path: '/index/plan', body: PlanDayBody, data: PlanListData, auth: true }),
  companyInfo: ep({ method: 'GET', path: '/index/company/:id', params: IdParam, data: CompanyInfo, auth: true }),
  viewUser: ep({ method: 'GET', path: '/talent/view_user/:id', params: IdParam, data: ResumeView, auth: true, perm: 'recruit' }),
  inviteInfo: ep({
    method: 'GET',
    path: '/talent/invite/:id',
    params: IdParam,
    query: InviteQuery,
    data: InviteInfo,
    auth: true,
    perm: 'recruit',
    silent: true,
  }),
  invite: ep({ method: 'POST', path: '/talent/invite/:id', params: IdParam, body: InviteBody, data: Empty, auth: true, perm: 'recruit' }),

  // recruitment and the talent hall (not in SPEC §7; designed in its style)
  hall: ep({ method: 'GET', path: '/talent/list', query: HallQuery, data: HallData, auth: true, perm: 'recruit' }),
  positions: ep({ method: 'GET', path: '/position/list', query: PositionListQuery, data: PositionListData, auth: true, perm: 'recruit' }),
  position: ep({ method: 'GET', path: '/position/:id', params: IdParam, data: PositionDetail, auth: true, perm: 'recruit' }),
  positionSave: ep({ method: 'POST', path: '/position/save', body: PositionBody, data: PositionSaved, auth: true, perm: 'recruit' }),
  positionStatus: ep({
    method: 'POST',
    path: '/position/status/:id',
    params: IdParam,
    body: PositionStatusBody,
    data: PositionSaved,
    auth: true,
    perm: 'recruit',
  }),
  positionApplies: ep({
    method: 'GET',
    path: '/position/:id/applications',
    params: IdParam,
    query: ApplyListQuery,
    data: ApplyListData,
    auth: true,
    perm: 'recruit',
  }),
  positionHired: ep({
    method: 'GET',
    path: '/position/:id/hired',
    params: IdParam,
    query: InterviewListQuery,
    data: HiredListData,
    auth: true,
    perm: 'recruit',
  }),
  positionInvited: ep({
    method: 'GET',
    path: '/position/:id/invited',
    params: IdParam,
    query: InterviewListQuery,
    data: InterviewListData,
    auth: true,
    perm: 'recruit',
  }),
  applyUnsuitable: ep({
    method: 'POST',
    path: '/position/application/:id/unsuitable',
    params: IdParam,
    body: UnsuitableBody,
    data: ApplyStatusData,
    auth: true,
    perm: 'recruit',
  }),
  applyHire: ep({ method: 'POST', path: '/position/application/:id/hire', params: IdParam, data: ApplyStatusData, auth: true, perm: 'recruit' }),

  orderCreate: ep({ method: 'POST', path: '/usercenter/company/order/create', body: OrderCreateBody, data: OrderCreateData, auth: true, perm: 'admin' }),
  order: ep({
    method: 'GET',
    path: '/usercenter/company/order/:id',
    params: z.strictObject({ id: z.string().regex(/^[A-Za-z0-9]{6,40}$/) }),
    data: OrderData,
    auth: true,
    perm: 'admin',
  }),
  invoice: ep({ method: 'GET', path: '/usercenter/company/invoice', data: InvoiceData, auth: true }),
  saveInvoice: ep({ method: 'POST', path: '/usercenter/company/invoice', body: InvoiceBody, data: Empty, auth: true, perm: 'finance' }),
  saveOrderInvoice: ep({
    method: 'POST',
    path: '/usercenter/company/order/invoice/:id',
    params: z.strictObject({ id: z.string().regex(/^[A-Za-z0-9]{6,40}$/) }),
    body: InvoiceBody,
    data: Empty,
    auth: true,
    perm: 'finance',
  }),

  sts: ep({ method: 'GET', path: '/upload/sts', data: StsData, auth: true }),
  mediaList: ep({ method: 'GET', path: '/upload/media', query: MediaListQuery, data: MediaListData, auth: true }),
  // the console's uploads, as the server verifies them at the video service (issue 16)
  mediaClaim: ep({ method: 'POST', path: '/upload/media/claim', body: MediaRegisterBody, data: MediaRegisterData, auth: true, silent: true }),
  mediaRegister: ep({ method: 'POST', path: '/upload/media/register', body: MediaRegisterBody, data: MediaRegisterData, auth: true, silent: true }),

  // accounts, company lifecycle and membership (issue 5; not in SPEC §7, designed in its style)
  wechatQr: ep({ method: 'POST', path: '/login/wechat/qrcode', data: WechatQrData, auth: false }),
  // polled every 2 s by the login page: its own limit (LoginLimits.pollPerMinute, routes/wechat.ts)
  wechatStatus: ep({
    method: 'POST',
    path: '/login/wechat/status',
    body: WechatStatusBody,
    data: WechatStatusData,
    auth: false,
    silent: true,
    ipLimit: false,
  }),
  wechatBind: ep({ method: 'POST', path: '/login/wechat/bind', body: WechatBindBody, data: WechatStatusData, auth: false }),
  companyApplication: ep({ method: 'GET', path: '/usercenter/company', data: CompanyApplicationData, auth: true }),
  companyApply: ep({ method: 'POST', path: '/usercenter/company/apply', body: CompanyApplyBody, data: CompanyApplicationData, auth: true, perm: 'admin' }),
  licenseUpload: ep({
    method: 'POST',
    path: '/usercenter/company/license',
    body: LicenseUploadBody,
    data: LicenseUploadData,
    auth: true,
    perm: 'admin',
    bodyLimit: 10 * 1024 * 1024,
  }),
  licenseFromMedia: ep({
    method: 'POST',
    path: '/usercenter/company/license/media',
    body: LicenseMediaBody,
    data: LicenseUploadData,
    auth: true,
    perm: 'admin',
  }),
  licenseImage: ep({ method: 'GET', path: '/usercenter/company/license/:id', params: IdParam, data: LicenseImageData, auth: true }),
  colleagues: ep({ method: 'GET', path: '/usercenter/colleagues', data: ColleaguesData, auth: true }),
  colleagueCheck: ep({
    method: 'POST',
    path: '/usercenter/colleagues/:id/check',
    params: IdParam,
    body: ColleagueCheckBody,
    data: Empty,
    auth: true,
    perm: 'admin',
  }),
  /** the admin removes a colleague from the company; their sessions end at once */
  colleagueRemove: ep({ method: 'POST', path: '/usercenter/colleagues/:id/remove', params: IdParam, data: Empty, auth: true, perm: 'admin' }),
  /** the admin sets a colleague's roles (issue 27); each change goes to the 权限变更记录 */
  colleagueRoles: ep({
    method: 'POST',
    path: '/usercenter/colleagues/:id/roles',
    params: IdParam,
    body: ColleagueRolesBody,
    data: ColleagueRolesData,
    auth: true,
    perm: 'admin',
  }),
  roleChanges: ep({ method: 'GET', path: '/usercenter/role_changes', query: RoleChangesQuery, data: RoleChangesData, auth: true, perm: 'admin' }),
  companyInvite: ep({ method: 'GET', path: '/usercenter/company/invite', data: CompanyInviteData, auth: true }),
  companyInvitePreview: ep({ method: 'GET', path: '/company/invite/:code', params: InviteCodeParam, data: CompanyInvitePreview, auth: false }),
  companyJoin: ep({ method: 'POST', path: '/usercenter/company/join', body: CompanyJoinBody, data: Empty, auth: true }),
  profile: ep({ method: 'POST', path: '/usercenter/profile', body: ProfileBody, data: Empty, auth: true }),
  myInvite: ep({ method: 'GET', path: '/usercenter/invite', data: MyInviteData, auth: true }),
  inviterOf: ep({ method: 'GET', path: '/invite/:code', params: InviteCodeParam, data: InviterData, auth: false }),
  inviteAccept: ep({ method: 'POST', path: '/usercenter/invite/accept', body: InviteAcceptBody, data: Empty, auth: true }),
  orders: ep({ method: 'GET', path: '/usercenter/company/orders', data: OrdersData, auth: true }),
  crcLedger: ep({ method: 'GET', path: '/usercenter/crc', query: CrcLedgerQuery, data: CrcLedgerData, auth: true }),
  partners: ep({ method: 'GET', path: '/usercenter/strategic', data: PartnersData, auth: true }),
} as const satisfies Record<string, Endpoint>;

export const endpoints = {
  ...coreEndpoints,
  // area tables: one line per area file
  ...privacyEndpoints,
  ...retentionEndpoints,
  ...dimissionEndpoints,
  ...importsEndpoints,
  ...employmentEndpoints,
  ...workerEndpoints,
  ...signEvidenceEndpoints,
  ...statisticsEndpoints,
  ...payoutsEndpoints,
  ...taxEndpoints,
  ...interviewEndpoints,
  ...homeEndpoints,
  ...messagesEndpoints,
  ...reviewEndpoints,
  ...exportEndpoints,
  ...applyEndpoints,
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
/** The `data` type a call answers with. */
export type DataOf<N extends EndpointName> = z.infer<Endpoints[N]['data']>;
/** What the caller passes as the body (before coercion: form fields). */
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B extends z.ZodType } ? z.input<B> : never;
export type QueryOf<N extends EndpointName> = Endpoints[N] extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
export type ParamsOf<N extends EndpointName> = Endpoints[N] extends { params: infer P extends z.ZodType } ? z.input<P> : never;
