import { Code, type Envelope } from '../../contract/envelope';

/**
 * A business error: answered as HTTP 200 (unless `httpStatus` says otherwise) with the
 * envelope `{code, msg, data}`. Handlers throw it; the error handler writes it.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    msg: string,
    readonly httpStatus = 200,
    readonly data: unknown = null,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

export const envelope = <T>(code: number, msg: string, data: T): Envelope<T> => ({ code, msg, data });

export const ok = <T>(data: T, msg = 'ok') => envelope(Code.OK, msg, data);

/** Shorthands for the common business errors. */
export const badRequest = (msg: string) => new ApiError(Code.BAD_REQUEST, msg);
export const notFound = (msg: string) => new ApiError(Code.NOT_FOUND, msg);
export const conflict = (msg: string) => new ApiError(Code.CONFLICT, msg);
export const tooMany = (msg: string) => new ApiError(Code.TOO_MANY, msg);
export const tokenInvalid = () => new ApiError(Code.TOKEN_INVALID, MSG_TOKEN_INVALID);

export const MSG_TOKEN_INVALID = '登录已失效，请重新登录';
export const MSG_NO_API = '接口不存在';
