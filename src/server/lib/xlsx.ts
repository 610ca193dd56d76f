/**
 * The console's .xlsx exports: a workbook by "HR Console", sheets whose first row is a bold, frozen
 * header, and the file as the envelope carries it (`{ filename, content_base64 }`).
 */
import ExcelJS from 'exceljs';

export const newWorkbook = (): ExcelJS.Workbook => {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'HR Console';
  return wb;
};

/** A sheet of `columns`, their headers in a bold first row that stays in view (frozen). */
export function headedSheet(wb: ExcelJS.Workbook, name: string, columns: Partial<ExcelJS.Column>[]): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(name);
  ws.columns = columns;
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return ws;
}

/** The workbook as an export's answer: its file name and the bytes in base64. */
export async function xlsxExport(wb: ExcelJS.Workbook, filename: string): Promise<{ filename: string; content_base64: string }> {
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  return { filename, content_base64: buf.toString('base64') };
}

/**
 * A streamed workbook of one headed sheet (issue 34): rows go out as they are committed, through
 * the zip into `out`, so the server holds a batch, not the file. Styles stay on (bold header,
 * number formats); shared strings off (they would keep every distinct text in memory).
 */
export function streamedSheet(
  out: NodeJS.WritableStream,
  name: string,
  columns: Partial<ExcelJS.Column>[],
): { wb: ExcelJS.stream.xlsx.WorkbookWriter; ws: ExcelJS.Worksheet } {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out as never, useStyles: true, useSharedStrings: false });
  wb.creator = 'HR Console';
  return { wb, ws: streamedSheetOf(wb, name, columns) };
}

/**
 * One more sheet of a streamed workbook (add it once the one before is committed): headed (bold,
 * frozen first row) when its columns have headers, plain rows otherwise.
 */
export function streamedSheetOf(wb: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: Partial<ExcelJS.Column>[]): ExcelJS.Worksheet {
  const headed = columns.some((c) => c.header);
  const ws = wb.addWorksheet(name, headed ? { views: [{ state: 'frozen', ySplit: 1 }] } : {});
  ws.columns = columns;
  if (headed) ws.getRow(1).font = { bold: true };
  return ws;
}
