/**
 * The Excel side of the import pipeline (exceljs, server only): templates, parsing an upload
 * into raw rows (with Excel's numeric-cell damage kept visible), and the error file.
 */
import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS, cleanText, headerText, type ImportColumn, type ImportTypeDef, type RawCell, type RawRow } from '../../contract/imports';
import { Refusal, badRequest } from '../lib/refusal';
import { checkZip, workbookStream } from './zip-check';

export const NOTES_SHEET = '填表说明';
export const MSG_NOT_XLSX = '仅支持 xlsx 格式';
export const MSG_TOO_LARGE = '文件大小不能超过5MB';
export const MSG_EMPTY = '文件中没有数据，请按模板填写后上传';
/** Said as soon as row IMPORT_MAX_ROWS + 1 is read: the rest of the sheet is never read, so never counted. */
export const MSG_TOO_MANY = `单次最多导入${IMPORT_MAX_ROWS}条数据（当前超过${IMPORT_MAX_ROWS}条），请拆分后分批上传`;

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8F0FE' } };
const TEMPLATE_ROWS = IMPORT_MAX_ROWS + 1;

const colLetter = (i: number) => {
  let s = '';
  for (let n = i; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};

function dataSheet(wb: ExcelJS.Workbook, def: ImportTypeDef, extra: { header: string; width: number }[] = []) {
  const ws = wb.addWorksheet(def.label, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    ...def.columns.map((c) => ({ header: headerText(c), key: c.key, width: c.width, ...(c.textFormat ? { style: { numFmt: '@' } } : {}) })),
    ...extra.map((e) => ({ header: e.header, key: e.header, width: e.width })),
  ];
  const head = ws.getRow(1);
  head.font = { bold: true };
  head.eachCell((cell, i) => {
    cell.fill = HEADER_FILL;
    if (def.columns[i - 1]?.required) cell.font = { bold: true, color: { argb: 'FFC50F1F' } };
  });
  return ws;
}

/** The template of a type: header, one example row, text-formatted digit columns, drop-downs, 填表说明. */
export async function buildTemplate(def: ImportTypeDef): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = dataSheet(wb, def);
  const example = ws.addRow(def.columns.map((c) => c.example));
  example.font = { italic: true, color: { argb: 'FF8A8886' } };
  def.columns.forEach((c, i) => {
    const range = `${colLetter(i + 1)}2:${colLetter(i + 1)}${TEMPLATE_ROWS}`;
    if (c.vocab) {
      (ws as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(range, {
        type: 'list',
        allowBlank: !c.required,
        formulae: [`"${c.vocab.join(',')}"`],
        showErrorMessage: true,
        errorTitle: c.header,
        error: `请从下拉列表中选择${c.header}`,
      });
    }
  });
  const notes = wb.addWorksheet(NOTES_SHEET);
  notes.columns = [
    { header: '列名', key: 'h', width: 16 },
    { header: '是否必填', key: 'r', width: 10 },
    { header: '填写说明', key: 'n', width: 60 },
    { header: '示例', key: 'e', width: 24 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const c of def.columns) notes.addRow([c.header, c.required ? '必填' : '选填', c.vocab ? `${c.note}：${c.vocab.join('、')}` : c.note, c.example]);
  notes.addRow([]);
  for (const line of [
    `1. 仅支持 xlsx 格式，文件大小不能超过5MB，单次最多 ${IMPORT_MAX_ROWS} 条数据。`,
    '2. 请勿修改表头（第1行）；带 * 的列为必填。',
    '3. 第2行为示例数据，导入时自动跳过，也可以直接删除或覆盖。',
    '4. 身份证号、证件号码、银行卡号、手机号列已设置为文本格式，请勿改为数值或常规格式，否则 Excel 会丢失末尾数字（显示为 1.10105E+17）。',
    '5. 所有数据校验通过后才能确认导入，导入时全部成功或全部不写入。',
    ...def.notes.map((n, i) => `${i + 6}. ${n}`),
  ]) {
    notes.addRow([line]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
/** Excel's day serial (1900 system) → date. */
const serialDay = (n: number) => isoDay(new Date(Date.UTC(1899, 11, 30) + Math.round(n) * 86_400_000));

function valueText(v: ExcelJS.CellValue): RawCell {
  if (v === null || v === undefined) return { text: '', numeric: false };
  if (typeof v === 'number') return { text: String(v), numeric: true };
  if (typeof v === 'string') return { text: v, numeric: false };
  if (typeof v === 'boolean') return { text: v ? 'TRUE' : 'FALSE', numeric: false };
  if (v instanceof Date) return { text: isoDay(v), numeric: false };
  if ('richText' in v) return { text: v.richText.map((t) => t.text).join(''), numeric: false };
  if ('formula' in v || 'sharedFormula' in v) return valueText((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('hyperlink' in v) return valueText((v as ExcelJS.CellHyperlinkValue).text as ExcelJS.CellValue);
  if ('error' in v) return { text: String(v.error), numeric: false };
  return { text: '', numeric: false };
}

function cellRaw(cell: ExcelJS.Cell, col: ImportColumn): RawCell {
  const raw = valueText(cell.value);
  // a date column whose cell Excel keeps as a day number
  if (raw.numeric && col.kind === 'date' && /^\d{4,5}(\.\d+)?$/.test(raw.text)) return { text: serialDay(Number(raw.text)), numeric: false };
  return raw;
}

export interface ParsedRow {
  /** the row's number in Excel (行号) */
  rowNo: number;
  raw: RawRow;
}

const isZip = (buf: Buffer) => buf.length >= 4 && buf.readUInt32BE(0) === 0x504b0304;

/** A row's cells by column number, as the streaming reader gives them. */
type SheetRow = { number: number; getCell(i: number): ExcelJS.Cell; eachCell(cb: (cell: ExcelJS.Cell, i: number) => void): void };

function headerColumns(head: SheetRow | undefined, def: ImportTypeDef) {
  const byHeader = new Map<string, number>();
  if (head?.number === 1) {
    head.eachCell((cell, i) => {
      const h = cleanText(valueText(cell.value).text)
        .replace(/[*＊]$/, '')
        .trim();
      if (h && !byHeader.has(h)) byHeader.set(h, i);
    });
  }
  const missing = def.columns.filter((c) => !byHeader.has(c.header)).map((c) => `「${c.header}」`);
  if (missing.length) throw badRequest(`表头与模板不一致：缺少${missing.join('、')}列，请下载最新模板后重新填写`);
  return def.columns.map((c) => ({ c, i: byHeader.get(c.header)! }));
}

/**
 * The data rows of an upload: the first sheet that is not 填表说明, header matched to the
 * template (a renamed or missing column is refused, extra columns such as 错误原因 ignored),
 * empty rows and the untouched example row skipped. The zip is checked first (zip-check.ts); the
 * sheet is read as a stream and the reading stops at row IMPORT_MAX_ROWS + 1.
 * `seen` counts the sheet rows read (tests).
 */
export async function parseUpload(buf: Buffer, def: ImportTypeDef, seen = { rows: 0 }): Promise<ParsedRow[]> {
  if (!isZip(buf)) throw badRequest(MSG_NOT_XLSX);
  const entries = await checkZip(buf, () => badRequest(MSG_NOT_XLSX));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(workbookStream(buf, entries), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const rows: ParsedRow[] = [];
  let found = false;
  try {
    for await (const ws of reader) {
      if ((ws as unknown as { name: string }).name === NOTES_SHEET) {
        for await (const _ of ws); // drained: the next sheet comes after it
        continue;
      }
      found = true;
      let cols: ReturnType<typeof headerColumns> | undefined;
      for await (const row of ws as AsyncIterable<SheetRow>) {
        seen.rows++;
        cols ??= headerColumns(row, def);
        if (row.number === 1) continue;
        const raw: RawRow = {};
        let any = false;
        let example = true;
        for (const { c, i } of cols) {
          const v = cellRaw(row.getCell(i), c);
          raw[c.key] = v;
          if (cleanText(v.text) !== '') any = true;
          if (cleanText(v.text) !== c.example) example = false;
        }
        if (any && !(example && row.number === 2)) rows.push({ rowNo: row.number, raw });
        if (rows.length > IMPORT_MAX_ROWS) throw badRequest(MSG_TOO_MANY);
      }
      break;
    }
  } catch (e) {
    throw e instanceof Refusal ? e : badRequest(MSG_NOT_XLSX);
  }
  if (!found || rows.length === 0) throw badRequest(MSG_EMPTY);
  return rows;
}

/** The uploaded rows as the parser read them, each with an 错误原因 column (empty when the row is right). */
export async function buildErrorFile(def: ImportTypeDef, rows: ParsedRow[], reasons: Map<number, string>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = dataSheet(wb, def, [
    { header: '错误原因', width: 50 },
    { header: '原行号', width: 8 },
  ]);
  for (const r of rows) {
    const reason = reasons.get(r.rowNo) ?? '';
    const row = ws.addRow([...def.columns.map((c) => r.raw[c.key]?.text ?? ''), reason, r.rowNo]);
    if (reason) row.getCell(def.columns.length + 1).font = { color: { argb: 'FFC50F1F' } };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
