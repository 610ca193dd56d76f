import { Code, type Envelope } from '../../contract/envelope';
import { Refusal } from '../lib/refusal';

/**
 * An error with its HTTP status: what the error handler writes (http/errors.ts toApiError). The
 * domain's refusals (lib/refusal.ts) are answered as HTTP 200; only the HTTP layer picks another
 * status (a 503 while the database is away, a real 500).
 */
export class ApiError extends Refusal {
  constructor(
    code: number,
    msg: string,
    readonly httpStatus = 200,
    data: unknown = null,
  ) {
    super(code, msg, data);
    this.name = 'ApiError';
  }
}

export const envelope = <T>(code: number, msg: string, data: T): Envelope<T> => ({ code, msg, data });

export const ok = <T>(data: T, msg = 'ok') => envelope(Code.OK, msg, data);

export const tokenInvalid = () => new ApiError(Code.TOKEN_INVALID, MSG_TOKEN_INVALID);

export const MSG_TOKEN_INVALID = '登录已失效，请重新登录';
export const MSG_NO_API = '接口不存在';
