/**
 * Envelope codes shared by the server and the console. Kept free of zod so the console's first
 * route can use them without loading the schemas.
 */
export const Code = {
  OK: 200,
  /** bad or missing input; msg says which field in Chinese */
  BAD_REQUEST: 400,
  /** the caller may not touch this object (another company's, or a role it lacks) */
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** a state conflict: duplicate, already done, wrong status */
  CONFLICT: 409,
  /** a body over the server's size limit */
  PAYLOAD_TOO_LARGE: 413,
  /** too many requests (SMS once a minute, too many wrong codes) */
  TOO_MANY: 429,
  SERVER_ERROR: 500,
  /** the service cannot reach its database for now (HTTP 503 with Retry-After): try again shortly */
  UNAVAILABLE: 503,
  /** missing, unknown, expired or revoked bearer token (SPEC §8) */
  TOKEN_INVALID: 410000,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];
