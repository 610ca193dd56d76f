/**
 * The request layer (SPEC §7–§9): every call of the console goes through `call()`.
 *
 * - bearer token from the cookie; a call that needs one and has none is cancelled and sent to /login;
 * - 60000 ms timeout; form-encoded POST/PUT bodies, query parameters for GET;
 * - the arguments are typed by the endpoint's schemas (CallArgs: params, query, body), so a
 *   misspelled, missing or extra field does not compile (http.types.test.ts);
 * - envelope code 200 resolves with `data` (checked against the contract's schema; the first
 *   page's answers, which arrive before the schemas have loaded, are checked when they have);
 * - another code: the server's msg is toasted unless the call hides messages;
 * - 410000: handled once — toast 请先登录, clear the session, go to /login;
 * - setup errors toast `请求异常！{详情}`, no response toasts 网络异常，请稍后再试, HTTP non-200 is rejected;
 * - the same submission within 900 ms is dropped (double clicks);
 * - every answer's `X-Roles` and a 403 for want of a permission go to `answered` (issue 27: the
 *   session refreshes the user info when the caller's roles changed).
 *
 * Side effects (toast, navigation, session, loading overlay) are injected by the app with
 * `configureHttp`, so the rules are unit-tested without a browser.
 */
import Cookies from 'js-cookie';
import { Code } from '../../../contract/codes';
import { API_PREFIX, fillPath } from '../../../contract/paths';
import { MSG_NO_PERMISSION, ROLES_HEADER } from '../../../contract/roles';
import type * as EndpointTable from '../../../contract/endpoints';
import type { BodyOf, DataOf, EndpointName, EndpointRoute, ParamsOf, QueryOf } from '../../../contract/endpoints';
import { t } from '../i18n/zh-CN';
import { afterFirstPaint, callStarted } from './painted';

export const REQUEST_TIMEOUT_MS = 60_000;
export const SUBMIT_DEDUPE_MS = 900;
export const TOKEN_COOKIE = 'token';
export const TOKEN_DAYS = 15;

export type ToastIntent = 'error' | 'warning' | 'success' | 'info';

export interface HttpDeps {
  /** API origin; '' = same origin (the reference server serves the console). */
  baseUrl: string;
  toast: (intent: ToastIntent, text: string) => void;
  /** clear token and stored user info (410000) */
  clearSession: () => void;
  /** leave for /login (410000, or a call without token) */
  goLogin: () => void;
  /** loading overlay counter */
  loading: (delta: 1 | -1) => void;
  now: () => number;
  fetch: typeof fetch;
  /**
   * Every answer of the server: the caller's roles it states (`X-Roles`, null when absent) and
   * whether it refused the call for want of a permission (issue 27: the session follows a change).
   */
  answered: (answer: { roles: string | null; refused: boolean }) => void;
}

const deps: HttpDeps = {
  baseUrl: '',
  toast: () => {},
  clearSession: () => {},
  goLogin: () => {},
  loading: () => {},
  now: () => Date.now(),
  fetch: (...a) => globalThis.fetch(...a),
  answered: () => {},
};

export function configureHttp(patch: Partial<HttpDeps>): void {
  Object.assign(deps, patch);
}

// --- errors -----------------------------------------------------------------------------------

/** The server answered with an envelope code other than 200. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    msg: string,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}
/** HTTP status other than 200. */
export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
  }
}
/** No answer: network down, timeout. */
export class NetworkError extends Error {
  constructor(
    readonly timedOut: boolean,
    cause?: unknown,
  ) {
    super(timedOut ? 'timeout' : 'network', { cause });
    this.name = 'NetworkError';
  }
}
/** The request could not be built (bad parameters, serialisation). */
export class SetupError extends Error {
  override name = 'SetupError';
}
/** Dropped on purpose: no token, a duplicate submission, or the caller aborted. */
export class CancelledError extends Error {
  constructor(readonly reason: 'no-token' | 'duplicate' | 'aborted' | 'token-invalid') {
    super(reason);
    this.name = 'CancelledError';
  }
}
/** The answer did not match the contract. */
export class ContractError extends Error {
  override name = 'ContractError';
}

// --- token ------------------------------------------------------------------------------------

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}
/** Cookies are `Secure` when the console is served over https (never sent over plain http then). */
export const cookieSecure = (): boolean => typeof location !== 'undefined' && location.protocol === 'https:';

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, { expires: TOKEN_DAYS, sameSite: 'Lax', path: '/', secure: cookieSecure() });
  tokenInvalidHandled = false;
}
export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}

// 410000 may arrive for several calls at once (the 60 s refresh runs two); handle it once.
let tokenInvalidHandled = false;

function handleTokenInvalid(): void {
  if (tokenInvalidHandled) return;
  tokenInvalidHandled = true;
  deps.toast('warning', t.request.pleaseLogin);
  removeToken();
  deps.clearSession();
  deps.goLogin();
}

// --- de-duplication -----------------------------------------------------------------------------

const recentSubmits = new Map<string, number>();

function isDuplicate(key: string, windowMs: number): boolean {
  const now = deps.now();
  for (const [k, at] of recentSubmits) if (now - at >= windowMs) recentSubmits.delete(k);
  if (recentSubmits.has(key)) return true;
  recentSubmits.set(key, now);
  return false;
}

/** Forget recorded submissions (tests). */
export function resetHttpState(): void {
  recentSubmits.clear();
  tokenInvalidHandled = false;
}

// --- the call ---------------------------------------------------------------------------------

// The endpoint table is the one source of every call. What sending a call needs — method, path,
// auth, silent — is generated from it at build time (virtual:endpoint-routes, ~3 KB gzip) and
// loads with the first call. The table itself, with its zod schemas (~50 KB gzip), loads after
// the first page has painted and its first calls are answered (painted.ts): from then on every
// answer is checked before the call resolves; the first page's own answers, which arrive before
// it, are checked as soon as it has loaded (a mismatch is logged and toasted 数据异常 then).
// a stale chunk the app recovers from (a prevented vite:preloadError) resolves the import to
// nothing: a failure like any other (checked outside the import expression, which Vite wraps)
async function importRoutes(): Promise<Record<EndpointName, EndpointRoute>> {
  const m = await import('virtual:endpoint-routes');
  if (!m?.routes) throw new Error('endpoint routes did not load');
  return m.routes as Record<EndpointName, EndpointRoute>;
}
async function importTable(): Promise<typeof EndpointTable> {
  const m = await import('../../../contract/endpoints');
  if (!m?.endpoints) throw new Error('endpoint table did not load');
  return m;
}

let routeTable: Promise<Record<EndpointName, EndpointRoute>> | null = null;
const loadRoutes = () =>
  (routeTable ??= importRoutes().catch((error: unknown) => {
    routeTable = null;
    throw error;
  }));

let table: Promise<typeof EndpointTable> | null = null;
/** Load the endpoint table (the schemas); every answer after this is checked before it resolves. */
export function loadContract(): Promise<typeof EndpointTable> {
  return (table ??= importTable().catch((error: unknown) => {
    table = null;
    throw error;
  }));
}
afterFirstPaint(() => void loadContract().catch(() => {}));

type Check = { success: true; data: unknown } | { success: false; error: { message: string; issues: unknown } };
const checkAnswer = (contract: typeof EndpointTable, name: EndpointName, data: unknown): Check => contract.endpoints[name].data.safeParse(data) as Check;

/** An answer that arrived before the schemas: checked once they have loaded. */
function checkLater(name: EndpointName, data: unknown, quiet: boolean): void {
  const copy = structuredClone(data);
  afterFirstPaint(() => {
    loadContract().then(
      (contract) => {
        const parsed = checkAnswer(contract, name, copy);
        if (parsed.success) return;
        console.error(`[http] ${name}: answer does not match the contract`, parsed.error.issues);
        if (!quiet) deps.toast('error', t.request.badData);
      },
      () => {
        // the schemas could not load (offline without the worker): nothing to check against
      },
    );
  });
}

/**
 * A form field or query value as the console sends it. The wire carries text (form-encoded, or
 * the query string; booleans go as 1/0) and the server's schema coerces it, so where the schema
 * takes anything and coerces (zod's input type `unknown`, e.g. `z.coerce.number()`), the console
 * may pass any of these; every other field takes exactly the schema's input type.
 */
export type WireValue = string | number | boolean;
/** A flag the schema takes as '0' | '1' may be passed as a boolean too (the wire sends booleans as 1/0). */
type FlagInput<T> = [T] extends ['0' | '1' | undefined] ? ('0' extends T ? ('1' extends T ? T | boolean : T) : T) : T;
type FieldInput<T> = unknown extends T ? WireValue : FlagInput<T>;
/** A body or query as the console passes it: the schema's keys exactly, coerced fields as any WireValue. */
export type FormInput<T> = { [K in keyof T]: FieldInput<T[K]> };
/** Path parameters: the schema's keys exactly; a coerced one (an id) as a string or a number. */
export type PathInput<T> = { [K in keyof T]: unknown extends T[K] ? string | number : T[K] };

/** `key` is required when T has a required field, optional when it has none, and absent when the endpoint takes no T. */
type Part<Key extends string, T> = [T] extends [never] ? { [P in Key]?: never } : Record<string, never> extends T ? { [P in Key]?: T } : { [P in Key]: T };

/**
 * What a call of endpoint N takes, from its schemas (src/contract/endpoints.ts): `params` exactly
 * when it has path parameters, `body` and `query` typed by them (required when they have a
 * required field), and nothing the endpoint does not take.
 */
export type CallArgs<N extends EndpointName> = Part<'params', PathInput<ParamsOf<N>>> &
  Part<'query', FormInput<QueryOf<N>>> &
  Part<'body', FormInput<BodyOf<N>>>;

/** The body endpoint N takes, as the console passes it (for functions that build one). */
export type BodyInput<N extends EndpointName> = FormInput<BodyOf<N>>;
/** The query endpoint N takes, as the console passes it. */
export type QueryInput<N extends EndpointName> = FormInput<QueryOf<N>>;

/** The arguments after the name: `args` may be left out when the endpoint needs none. */
export type CallRest<N extends EndpointName> =
  Record<string, never> extends CallArgs<N> ? [args?: CallArgs<N>, options?: CallOptions] : [args: CallArgs<N>, options?: CallOptions];

/** A call's arguments as the request is built from them (whatever the endpoint). */
interface WireArgs {
  params?: Record<string, string | number>;
  query?: Record<string, WireValue | undefined | null>;
  body?: Record<string, WireValue | undefined | null>;
}

export interface CallOptions {
  /** never toast this call's errors (the endpoint's `silent` flag sets it too) */
  hideMessage?: boolean;
  /** show the loading overlay (拼命加载中...) while the call runs */
  loading?: boolean;
  /** de-duplication window for POST/PUT/DELETE; 0 turns it off */
  dedupeMs?: number;
  signal?: AbortSignal;
  timeoutMs?: number;
}

function toForm(body: WireArgs['body']): URLSearchParams {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body ?? {})) {
    if (v === undefined || v === null) continue;
    form.append(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
  }
  return form;
}

function buildRequest(ep: EndpointRoute, args: WireArgs, token: string | undefined) {
  let url = deps.baseUrl + API_PREFIX + fillPath(ep.path, args.params);
  if (args.query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(args.query)) if (v !== undefined && v !== null) qs.append(k, String(v));
    const s = qs.toString();
    if (s) url += `?${s}`;
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (ep.method !== 'GET') {
    body = toForm(args.body).toString();
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  }
  return { url, init: { method: ep.method, headers, body } satisfies RequestInit };
}

/**
 * Call an endpoint of the contract by name and resolve with its `data`.
 * Rejects with ApiError, HttpError, NetworkError, SetupError, CancelledError or ContractError;
 * the user has already been told (unless the call hides messages), so callers only decide what
 * happens next.
 */
export async function call<N extends EndpointName>(name: N, ...[args, options]: NoInfer<CallRest<N>>): Promise<DataOf<N>> {
  return (await request(name, (args ?? {}) as WireArgs, options ?? {})).data;
}

async function request<N extends EndpointName>(name: N, args: WireArgs, options: CallOptions): Promise<{ data: DataOf<N>; msg: string }> {
  // counted while in flight: the work deferred past the first paint waits for the page's calls
  const end = callStarted();
  try {
    return await send(name, args, options);
  } finally {
    end();
  }
}

async function send<N extends EndpointName>(name: N, args: WireArgs, options: CallOptions): Promise<{ data: DataOf<N>; msg: string }> {
  const ep: EndpointRoute = (await loadRoutes())[name];
  const quiet = options.hideMessage ?? ep.silent ?? false;
  const say = (intent: ToastIntent, text: string) => {
    if (!quiet) deps.toast(intent, text);
  };

  const token = getToken();
  if (ep.auth && !token) {
    deps.goLogin();
    throw new CancelledError('no-token');
  }

  let req: ReturnType<typeof buildRequest>;
  try {
    req = buildRequest(ep, args, token);
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    say('error', t.request.setupError(detail));
    throw new SetupError(detail);
  }

  if (ep.method !== 'GET') {
    const windowMs = options.dedupeMs ?? SUBMIT_DEDUPE_MS;
    if (windowMs > 0 && isDuplicate(`${ep.method} ${req.url} ${req.init.body ?? ''}`, windowMs)) {
      throw new CancelledError('duplicate');
    }
  }

  if (options.signal?.aborted) throw new CancelledError('aborted');
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  if (options.loading) deps.loading(1);
  try {
    let res: Response;
    try {
      res = await deps.fetch(req.url, { ...req.init, signal });
    } catch (e) {
      if (options.signal?.aborted) throw new CancelledError('aborted');
      say('error', t.request.network);
      throw new NetworkError(timeout.signal.aborted, e);
    }
    const roles = res.headers.get(ROLES_HEADER);
    if (res.status !== 200) {
      deps.answered({ roles, refused: false });
      // a 410000 may still come with another status from a proxy; the envelope decides
      const maybe = await res.json().catch(() => null);
      if (maybe && maybe.code === Code.TOKEN_INVALID) {
        handleTokenInvalid();
        throw new CancelledError('token-invalid');
      }
      // a 503 (the server cannot reach its database for now) says in its envelope what to do
      say('error', res.status === 503 && typeof maybe?.msg === 'string' && maybe.msg ? maybe.msg : t.request.http(res.status));
      throw new HttpError(res.status);
    }
    let env: { code?: unknown; msg?: unknown; data?: unknown };
    try {
      env = await res.json();
    } catch (e) {
      if (timeout.signal.aborted) {
        say('error', t.request.network);
        throw new NetworkError(true, e);
      }
      say('error', t.request.badData);
      throw new ContractError('answer is not JSON');
    }
    deps.answered({ roles, refused: env.code === Code.FORBIDDEN && env.msg === MSG_NO_PERMISSION });
    if (env.code === Code.TOKEN_INVALID) {
      handleTokenInvalid();
      throw new CancelledError('token-invalid');
    }
    if (env.code !== Code.OK) {
      const msg = typeof env.msg === 'string' && env.msg ? env.msg : t.request.network;
      say('error', msg);
      throw new ApiError(typeof env.code === 'number' ? env.code : -1, msg);
    }
    const msg = typeof env.msg === 'string' ? env.msg : '';
    const contract = table && (await table.catch(() => null));
    if (!contract) {
      // before the schemas have loaded (the first page's calls): checked when they have
      checkLater(name, env.data, quiet);
      return { data: env.data as DataOf<N>, msg };
    }
    const parsed = checkAnswer(contract, name, env.data);
    if (!parsed.success) {
      console.error(`[http] ${name}: answer does not match the contract`, parsed.error.issues);
      say('error', t.request.badData);
      throw new ContractError(parsed.error.message);
    }
    return { data: parsed.data as DataOf<N>, msg };
  } finally {
    clearTimeout(timer);
    if (options.loading) deps.loading(-1);
  }
}

/** Like `call`, also giving the envelope's msg (SPEC §7: the invitation's msg is the success text). */
export async function callWithMsg<N extends EndpointName>(name: N, ...[args, options]: NoInfer<CallRest<N>>): Promise<{ data: DataOf<N>; msg: string }> {
  return request(name, (args ?? {}) as WireArgs, options ?? {});
}
