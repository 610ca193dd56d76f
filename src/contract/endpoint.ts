import type { z } from 'zod';
import type { PermRule } from './roles';

/** One call of the API, as the server registers it and the client makes it (src/contract/endpoints.ts). */
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
  /**
   * the permission the caller's roles must grant (src/contract/roles.ts), checked in addRoute before
   * the handler; none: any member of the company, as before roles (issue 27)
   */
  perm?: PermRule;
  /** a larger body limit than the server's default (bytes), e.g. an image upload */
  bodyLimit?: number;
  /** the console never toasts this call's errors (SPEC §7 "silent") */
  silent?: boolean;
  /**
   * false: a public endpoint (auth false) outside the per-IP limit every other public endpoint has
   * (LoginLimits.publicPerMinute, http/route.ts); the row says why (its own limit, or a signed callback)
   */
  ipLimit?: false;
}

/** What the request layer needs to send a call: the table without its schemas (virtual:endpoint-routes). */
export type EndpointRoute = Pick<Endpoint, 'method' | 'path' | 'auth' | 'silent'>;

/** Keeps an endpoint's literal type (for typed calls) while checking its shape. */
export const ep = <const E extends Endpoint>(e: E) => e;
