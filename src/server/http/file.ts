import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Answers a .xlsx file as a stream instead of an envelope (a streamed export): the name in RFC 5987
 * form (Chinese names), no caching. Returns the reply: a handler returning it settles when the
 * stream ended or the client left, and addRoute then sends nothing more.
 */
export function sendFile(reply: FastifyReply, filename: string, body: Readable, headers: Record<string, string> = {}): FastifyReply {
  reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('cache-control', 'no-store');
  for (const [k, v] of Object.entries(headers)) reply.header(k, v);
  return reply.send(body);
}

/** Aborts when the client leaves before the answer ended (取消, a closed tab, a dropped line). */
export function abortOnClose(reply: FastifyReply): AbortSignal {
  const ac = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) ac.abort();
  });
  return ac.signal;
}
