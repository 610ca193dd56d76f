/**
 * Streamed exports (issue 34): the file of a ticket an export call issued. The rules are
 * domain/exports; here the answer is the stream, and the client's leaving stops the work.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { openExport } from '../domain/exports/open';
import { abortOnClose, sendFile } from '../http/file';
import { addRoute } from '../http/route';

export function exportRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.exportFile, async ({ auth, db, body, req, reply }) => {
    const signal = abortOnClose(reply);
    const x = await openExport(db, body.ticket, auth, req.ip, signal, app.now);
    return sendFile(reply, x.filename, x.running.stream, { 'x-export-rows': String(x.total) });
  });
}
