/**
 * Streamed exports in server tests (issue 34): claim a ticket at POST /export/file and read
 * the answer — the .xlsx bytes, or the envelope of a refusal.
 */
import ExcelJS from 'exceljs';

export type Download = { file: Buffer; env?: undefined } | { file?: undefined; env: { code: number; msg: string } };

export async function download(url: string, token: string, ticket: string): Promise<Download> {
  const res = await fetch(`${url}/ent/v3/export/file`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ticket }).toString(),
  });
  if ((res.headers.get('content-type') ?? '').includes('json')) return { env: (await res.json()) as { code: number; msg: string } };
  return { file: Buffer.from(await res.arrayBuffer()) };
}

/** The first sheet's rows as text (header first). */
export async function sheetRows(file: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as never);
  const out: string[][] = [];
  wb.worksheets[0]!.eachRow((r) => out.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return out;
}
