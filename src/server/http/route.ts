import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_PREFIX, type Endpoint } from '../../contract/endpoints';
import type { Db } from '../db/types';
import { requirePermission } from '../domain/access';
import type { AuthInfo } from '../domain/users';
import { limitIp } from '../lib/limits';
import { requireAuth } from './auth';
import { ok } from './envelope';
import { parseInput } from './validate';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteCtx<E extends Endpoint> {
  body: Out<E['body']>;
  query: Out<E['query']>;
  params: Out<E['params']>;
  /** the caller; always set for `auth: true` endpoints */
  auth: E['auth'] extends true ? AuthInfo : AuthInfo | null;
  db: Db;
  /** the request's clock (injectable in tests) */
  now: Date;
  req: FastifyRequest;
  reply: FastifyReply;
  /** the envelope msg of a success (default `ok`) */
  setMsg(msg: string): void;
}

export type Handler<E extends Endpoint> = (ctx: RouteCtx<E>) => Promise<z.input<E['data']>>;

/**
 * Registers one endpoint of the contract table under /ent/v3. Input is validated with the
 * contract's own schemas (strict objects: unknown fields are refused); the handler's return
 * value becomes `data` of a code-200 envelope. Errors go to the app's error handler.
 * Endpoints without a query/body schema ignore what is sent there (e.g. cache busters).
 * An endpoint's `perm` (src/contract/roles.ts) is checked first, before its input is read: a caller
 * whose roles do not grant it gets 403 and the handler never runs. A public endpoint (auth false)
 * counts each IP's calls a minute (LoginLimits.publicPerMinute) unless its row says `ipLimit: false`.
 */
export function addRoute<E extends Endpoint>(app: FastifyInstance, e: E, handler: Handler<E>): void {
  app.route({
    method: e.method,
    url: API_PREFIX + e.path,
    ...(e.bodyLimit ? { bodyLimit: e.bodyLimit } : {}),
    ...(e.auth ? { preHandler: requireAuth(app.db, app.now) } : {}),
    handler: async (req, reply) => {
      if (e.perm && req.auth) requirePermission(req.auth, e.perm);
      // a public endpoint: one IP's calls a minute are bounded, so tokens and codes cannot be guessed (issue 28)
      if (!e.auth && e.ipLimit !== false) await limitIp(app.db, req.ip, `public:${e.method}${e.path}`, app.loginLimits.publicPerMinute, app.now());
      let msg = 'ok';
      const data = await handler({
        body: (e.body ? parseInput(e.body, req.body) : undefined) as Out<E['body']>,
        query: (e.query ? parseInput(e.query, req.query) : undefined) as Out<E['query']>,
        params: (e.params ? parseInput(e.params, req.params) : undefined) as Out<E['params']>,
        auth: (req.auth ?? null) as RouteCtx<E>['auth'],
        db: app.db,
        now: app.now(),
        req,
        reply,
        setMsg: (m) => {
          msg = m;
        },
      });
      // a file streamed (http/file.ts sendFile; the handler returned the reply, which settles when the
      // stream ends or the client leaves) was its own answer
      if (reply.raw.headersSent) return;
      return ok(data ?? null, msg);
    },
  });
}
