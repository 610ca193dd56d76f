/**
 * The worker session's cookie (issue 29): `flexw`, HttpOnly, SameSite=Strict, scoped to one
 * invitation's API paths (/ent/v3/worker/invite/{token}), so a worker with two invitations holds
 * two sessions, the console's pages never send it, and no script reads it. `Secure` when the
 * console is served over https. Its value is a random secret the database keeps only as sha256
 * (domain/employment/worker-invite.ts); it authorises nothing of the console (http/auth.ts reads
 * bearer tokens only).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../contract/endpoints';
import { WORKER_SESSION_S } from '../domain/employment/worker-invite';
import { requestOrigin } from './origin';

export const WORKER_COOKIE = 'flexw';

const pathOf = (token: string) => `${API_PREFIX}/worker/invite/${token}`;

/** The secret of the request's worker cookie, '' when none (a browser sends only the one whose path matches). */
export function workerSecret(req: FastifyRequest): string {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === WORKER_COOKIE) {
      const value = v.join('=');
      if (/^[A-Za-z0-9_-]{20,100}$/.test(value)) return value;
    }
  }
  return '';
}

/** Hands the browser the session of invitation `token`. */
export function setWorkerCookie(req: FastifyRequest, reply: FastifyReply, token: string, secret: string): void {
  const secure = requestOrigin(req).startsWith('https:') ? '; Secure' : '';
  reply.header('Set-Cookie', `${WORKER_COOKIE}=${secret}; Path=${pathOf(token)}; Max-Age=${WORKER_SESSION_S}; HttpOnly; SameSite=Strict${secure}`);
}
