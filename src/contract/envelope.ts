import { z } from 'zod';

/** Envelope codes shared by the server and the console. */
export const Code = {
  OK: 200,
  /** bad or missing input; msg says which field in Chinese */
  BAD_REQUEST: 400,
  /** the caller may not touch this object (another company's, or a role it lacks) */
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** a state conflict: duplicate, already done, wrong status */
  CONFLICT: 409,
  /** the request body is over the size limit (64 KB) */
  PAYLOAD_TOO_LARGE: 413,
  /** too many requests (SMS once a minute, too many wrong codes) */
  TOO_MANY: 429,
  SERVER_ERROR: 500,
  /** missing, unknown, expired or revoked bearer token (SPEC §8) */
  TOKEN_INVALID: 410000,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

/** `{code, msg, data}`: every answer of /ent/v3 has this shape, HTTP 200 for business errors too. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

export type Envelope<T> = { code: number; msg: string; data: T };

/** For calls whose answer carries no data. */
export const Empty = z.union([z.null(), z.object({}).strict()]);
