/**
 * A streamed export (issue 34): the export call answered a one-time ticket; the file comes from
 * POST /export/file with the ticket in the body (never in a URL: URLs are logged) and the
 * bearer token in the header. The bytes are counted as they arrive (progress) and the download
 * can be aborted (取消: the server stops writing when the connection closes).
 */
import type { ExportTicket } from '../../../contract/exports';
import { API_PREFIX } from '../../../contract/paths';
import { ApiError, getToken } from './http';
import { saveBlob } from './download';

export const DOWNLOAD_PATH = '/export/file';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Fetches and saves the ticket's file; `onBytes` after every chunk. Rejects with ApiError on a refusal. */
export async function downloadTicket(t: ExportTicket, onBytes: (n: number) => void, signal?: AbortSignal): Promise<void> {
  const token = getToken();
  const res = await fetch((import.meta.env.VITE_API_BASE ?? '') + API_PREFIX + DOWNLOAD_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: new URLSearchParams({ ticket: t.ticket }),
    signal,
  });
  if (!res.ok) throw new ApiError(res.status, '');
  if (!res.headers.get('content-type')?.startsWith(XLSX)) {
    // refused before the first byte: the usual envelope
    const env = (await res.json()) as { code: number; msg: string };
    throw new ApiError(env.code, env.msg);
  }
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let n = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value as Uint8Array<ArrayBuffer>);
    n += value.byteLength;
    onBytes(n);
  }
  saveBlob(t.filename, new Blob(parts, { type: XLSX }));
}
