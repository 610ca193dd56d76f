/**
 * Streamed exports (issue 34 item 4, docs/decisions.md "Streamed exports"). A large export's call
 * (投递记录, 费用记录) checks who may and answers a ticket; the .xlsx then streams from
 * `exportFile`, which claims the ticket: once, by the same user of the same company, within
 * EXPORT_TICKET_TTL_MS. The ticket travels in the POST body, never in a URL (URLs are logged).
 */
import { z } from 'zod';
import { ep, type Endpoint } from './endpoint';

export const EXPORT_TICKET_TTL_MS = 60_000;
/** An export answered as a ticket: the file's name and how many rows it will have. */
export const ExportTicket = z.object({ ticket: z.string(), filename: z.string(), total: z.number().int() });
export type ExportTicket = z.infer<typeof ExportTicket>;
export const ExportDownloadBody = z.strictObject({ ticket: z.string().trim().min(1, '缺少导出凭证').max(64, '导出凭证无效，请重新导出') });
/** Not an envelope: the answer is the file itself (a refusal before the first byte is an envelope). */
export const FileAnswer = z.unknown();

export const MSG_TICKET_INVALID = '导出凭证无效，请重新导出';
export const MSG_TICKET_USED = '导出凭证已使用，请重新导出';
export const MSG_TICKET_EXPIRED = '导出凭证已过期，请重新导出';

export const exportEndpoints = {
  // perm: the ticket's own (its kind's permission is checked again when it is claimed)
  exportFile: ep({ method: 'POST', path: '/export/file', body: ExportDownloadBody, data: FileAnswer, auth: true }),
} as const satisfies Record<string, Endpoint>;
