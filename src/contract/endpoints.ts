import { z } from 'zod';
import { Empty } from './envelope';
import { IdParam } from './common';
import { LoginBody, LoginCodeBody, LoginCodeData, LoginData } from './auth';
import {
  InvoiceBody,
  InvoiceData,
  OrderCreateBody,
  OrderCreateData,
  OrderData,
  UserCenterInfoData,
} from './usercenter';
import { CompanyInfo, PlanDayBody, PlanDaysData, PlanListData, SettingData } from './home';
import { UrgeData } from './dimission';
import { InviteBody, InviteInfo, InviteQuery, ResumeView } from './talent';
import { StsData } from './upload';

export { API_PREFIX, fillPath } from './paths';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: Method;
  /** path under /ent/v3, Fastify style (`:id`) */
  path: string;
  /** form body (POST/PUT) */
  body?: z.ZodType;
  /** query string (GET) */
  query?: z.ZodType;
  /** path parameters */
  params?: z.ZodType;
  /** the `data` of the envelope on success */
  data: z.ZodType;
  /** false: callable without a bearer token */
  auth: boolean;
  /** the console never toasts this call's errors (SPEC §7 "silent") */
  silent?: boolean;
}

const ep = <const E extends Endpoint>(e: E) => e;

/** Every call of SPEC §7 plus the pinned login/logout/sts (ARCHITECTURE §2). */
export const endpoints = {
  loginCode: ep({ method: 'POST', path: '/login/code', body: LoginCodeBody, data: LoginCodeData, auth: false }),
  login: ep({ method: 'POST', path: '/login', body: LoginBody, data: LoginData, auth: false }),
  logout: ep({ method: 'POST', path: '/logout', data: Empty, auth: true }),

  userInfo: ep({ method: 'GET', path: '/usercenter/info', data: UserCenterInfoData, auth: true, silent: true }),
  urge: ep({ method: 'GET', path: '/dimission/urge', data: UrgeData, auth: true, silent: true }),
  setting: ep({ method: 'GET', path: '/index/setting', data: SettingData, auth: true }),

  planDays: ep({ method: 'GET', path: '/index/plan', data: PlanDaysData, auth: true }),
  planDay: ep({ method: 'POST', path: '/index/plan', body: PlanDayBody, data: PlanListData, auth: true }),
  companyInfo: ep({ method: 'GET', path: '/index/company/:id', params: IdParam, data: CompanyInfo, auth: true }),
  viewUser: ep({ method: 'GET', path: '/talent/view_user/:id', params: IdParam, data: ResumeView, auth: true }),
  inviteInfo: ep({
    method: 'GET',
    path: '/talent/invite/:id',
    params: IdParam,
    query: InviteQuery,
    data: InviteInfo,
    auth: true,
    silent: true,
  }),
  invite: ep({ method: 'POST', path: '/talent/invite/:id', params: IdParam, body: InviteBody, data: Empty, auth: true }),

  orderCreate: ep({ method: 'POST', path: '/usercenter/company/order/create', body: OrderCreateBody, data: OrderCreateData, auth: true }),
  order: ep({
    method: 'GET',
    path: '/usercenter/company/order/:id',
    params: z.strictObject({ id: z.string().regex(/^[A-Za-z0-9]{6,40}$/) }),
    data: OrderData,
    auth: true,
  }),
  invoice: ep({ method: 'GET', path: '/usercenter/company/invoice', data: InvoiceData, auth: true }),
  saveInvoice: ep({ method: 'POST', path: '/usercenter/company/invoice', body: InvoiceBody, data: Empty, auth: true }),
  saveOrderInvoice: ep({
    method: 'POST',
    path: '/usercenter/company/order/invoice/:id',
    params: z.strictObject({ id: z.string().regex(/^[A-Za-z0-9]{6,40}$/) }),
    body: InvoiceBody,
    data: Empty,
    auth: true,
  }),

  sts: ep({ method: 'GET', path: '/upload/sts', data: StsData, auth: true }),
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
/** The `data` type a call answers with. */
export type DataOf<N extends EndpointName> = z.infer<Endpoints[N]['data']>;
/** What the caller passes as the body (before coercion: form fields). */
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B extends z.ZodType } ? z.input<B> : never;
export type QueryOf<N extends EndpointName> = Endpoints[N] extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
export type ParamsOf<N extends EndpointName> = Endpoints[N] extends { params: infer P extends z.ZodType } ? z.input<P> : never;
