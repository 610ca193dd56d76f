import { redactText } from './security';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../contract/envelope';
import { ApiError, envelope } from './envelope';
import { Refusal } from '../lib/refusal';
import { isConnectionTrouble } from '../db/pg';

/** What a request answers while the database cannot be reached (HTTP 503 + Retry-After). */
export const MSG_UNAVAILABLE = '服务繁忙，请稍后重试';
/** seconds a client or a load balancer should wait before trying again */
export const RETRY_AFTER_S = 2;

/** Paths that answer JSON (the API and the sandboxes); the rest is the console's static files. */
export const isJsonPath = (url: string) => /^\/(ent|sandbox)(\/|$|\?)/.test(url);

/** Any thrown value → the envelope error it stands for. Unknown errors are real 500s. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof Refusal) return new ApiError(err.code, err.message, 200, err.data);
  const e = err as Partial<FastifyError>;
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status === 413 || e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new ApiError(Code.PAYLOAD_TOO_LARGE, '请求内容过大，请精简后重试');
  }
  if (status === 415) {
    return new ApiError(Code.BAD_REQUEST, '不支持的请求格式，请以表单（application/x-www-form-urlencoded）提交');
  }
  // a body Fastify could not parse (its JSON parser marks the SyntaxError as a 400)
  if (status === 400 && (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e instanceof SyntaxError)) {
    return new ApiError(Code.BAD_REQUEST, '请求内容格式错误，无法解析');
  }
  if (status >= 400 && status < 500) return new ApiError(Code.BAD_REQUEST, '请求格式错误');
  // the database is down, frozen, failing over or out of connections: not this request's fault,
  // and worth another try (a load balancer moves on to another server on a 503)
  if (isConnectionTrouble(err)) return new ApiError(Code.UNAVAILABLE, MSG_UNAVAILABLE, 503);
  const db = dbInputError(err);
  if (db) return db;
  return new ApiError(Code.SERVER_ERROR, '服务器开小差了，请稍后再试', 500);
}

/**
 * The last line of defence behind the contract's schemas: a database error that input caused
 * (SQLSTATE class 22 "data exception": a NUL byte, an invalid byte sequence, a number out of
 * range, a bad date; class 23 "integrity constraint": a unique index lost a race) is the caller's
 * problem, answered as a Chinese 400 / 409 envelope, not a 500. Anything else stays a real 500.
 */
export function dbInputError(err: unknown): ApiError | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code.startsWith('22')) return new ApiError(Code.BAD_REQUEST, '参数格式错误，请检查后重试');
  if (code === '23505') return new ApiError(Code.CONFLICT, '数据已被修改或重复提交，请刷新后重试');
  if (code.startsWith('23')) return new ApiError(Code.BAD_REQUEST, '参数无效，请检查后重试');
  return null;
}

/**
 * Every error leaves as an envelope (JSON paths) or a short text (static paths); input
 * problems are never 5xx. Real failures are logged with their stack and answered 500.
 */
export function installErrorHandler(app: FastifyInstance, opts: { logger: boolean }): void {
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    // a static file that vanished between its lookup and its read (a deploy swapping the files)
    // is simply not there any more: 404, so the console's stale-chunk recovery sees what it expects
    if ((err as { code?: unknown } | null)?.code === 'ENOENT' && !isJsonPath(req.url)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('404 未找到');
    }
    const api = toApiError(err);
    if (api.httpStatus === 503) {
      void reply.header('retry-after', String(RETRY_AFTER_S));
      // one line, not a stack per request while the database is away
      const e = err as { code?: unknown; message?: unknown };
      if (opts.logger) req.log.warn({ dbError: { code: e.code, message: e.message } }, '数据库暂不可用');
    } else if (api.httpStatus >= 500) {
      if (opts.logger) req.log.error({ err }, 'request failed');
      else console.error(`[server] ${req.method} ${redactText(req.url)} failed:`, err);
    }
    if (isJsonPath(req.url)) {
      return reply.status(api.httpStatus).send(envelope(api.code, api.message, api.data));
    }
    const status = (err as Partial<FastifyError>).statusCode ?? 500;
    return reply
      .status(status >= 400 && status < 500 ? status : 500)
      .type('text/plain; charset=utf-8')
      .send(status === 404 ? '404 未找到' : api.message);
  });
}

/** Fastify's own routing errors (an undecodable URL), before any route runs. */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const msg = err.code === 'FST_ERR_BAD_URL' ? '请求地址格式错误' : '请求格式错误';
  if (isJsonPath(req.url)) void reply.status(400).send(envelope(Code.BAD_REQUEST, msg, null));
  else void reply.status(400).type('text/plain; charset=utf-8').send(msg);
}
