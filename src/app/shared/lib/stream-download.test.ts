/** The streamed download (issue 34): bytes counted as they come, saved once; a refusal's message; an abort. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './http';
import { downloadTicket } from './stream-download';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ticket = { ticket: 't1', filename: '费用记录_20260101.xlsx', total: 3 };

afterEach(() => vi.restoreAllMocks());

describe('downloadTicket', () => {
  it('posts the ticket in the body, reports the bytes received and saves the file once', async () => {
    const chunks = [new Uint8Array(5), new Uint8Array(7)];
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(new ReadableStream({ start: (c) => (chunks.forEach((x) => c.enqueue(x)), c.close()) }), { headers: { 'content-type': XLSX } }),
      );
    const created = vi.fn(() => 'blob:x');
    URL.createObjectURL = created;
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const seen: number[] = [];
    await downloadTicket(ticket, (n) => seen.push(n));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/ent/v3/export/file');
    expect(String(url)).not.toContain('t1');
    expect(String(init!.body)).toBe('ticket=t1');
    expect(seen).toEqual([5, 12]);
    expect(click).toHaveBeenCalledTimes(1);
    expect(((created.mock.calls[0] as unknown[])[0] as Blob).size).toBe(12);
  });

  it('rejects with the server’s message when the ticket is refused', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ code: 403, msg: '导出凭证已过期，请重新导出', data: null }));
    await expect(downloadTicket(ticket, () => {})).rejects.toEqual(new ApiError(403, '导出凭证已过期，请重新导出'));
  });
});
