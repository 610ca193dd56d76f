/**
 * The import pipeline's row rules, shared by the server (which parses and validates every row of
 * an uploaded sheet) and the console (which shows the columns and limits). A type is one file in
 * `import-types/` built from these helpers and the person rules of `person.ts` (domain.md §5).
 * No zod, no Node, no DOM.
 */
import { certNoProblem, idCardProblem, isBankCard, isMobile, isPersonName, looksLikeExcelNumber, luhnOk, normalizeDigits, type CertType } from './person';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
/** The data sheet's first row is the header; data starts on row 2. */
export const IMPORT_HEADER_ROW = 1;

/** How a column's cells are read and what the template does with it. */
export type CellKind = 'text' | 'digits' | 'date' | 'vocab';

export interface ImportColumn {
  key: string;
  /** the header in the template, matched exactly (a trailing `*` marks required columns) */
  header: string;
  required: boolean;
  kind: CellKind;
  /** 身份证号/银行卡号/手机号: text-formatted in the template; a numeric cell is Excel damage */
  textFormat?: boolean;
  /** the drop-down list of a vocabulary column */
  vocab?: readonly string[];
  max?: number;
  example: string;
  /** the 填表说明 line of the column */
  note: string;
  width: number;
}

/** A cell as the parser read it: its text and whether Excel stored it as a number. */
export interface RawCell {
  text: string;
  numeric: boolean;
}
export type RawRow = Record<string, RawCell | undefined>;

export type IssueLevel = 'error' | 'warning';
export interface CellIssue {
  /** the column's header (列) */
  col: string;
  /** the cell as written (原值) */
  raw: string;
  msg: string;
  level: IssueLevel;
}

export const headerText = (c: ImportColumn) => (c.required ? `${c.header}*` : c.header);
export const excelDamageMsg = (header: string) => `请将${header}列设置为文本格式后重新填写`;

/** Spaces (also full-width and NBSP) trimmed and runs of them collapsed to one. */
export const cleanText = (s: string) => s.replace(/[\u3000\u00A0\s]+/g, ' ').trim();

/** `YYYY-MM-DD`, `YYYY/M/D`, `YYYY.M.D`, `YYYY年M月D日`, `YYYYMMDD` → `YYYY-MM-DD`, or null. */
export function parseDateText(raw: string): string | null {
  const s = raw
    .replace(/[\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[\s\u3000]/g, '')
    .replace(/日$/, '')
    .replace(/[年月./－]/g, '-');
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s.length === 8 && /^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}` : s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || y > 2199 || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Today in China time as `YYYY-MM-DD`. */
export const chinaDate = (now: Date) => new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

const COLUMN_MAPS = new WeakMap<readonly ImportColumn[], Map<string, ImportColumn>>();

/**
 * Reads one row's cells by column key, normalising as it goes, and collects the row's issues.
 * Each reader answers the clean value, or null when the cell is empty or wrong (the issue is
 * recorded); required columns report 请填写… when empty.
 */
export class RowReader {
  readonly issues: CellIssue[] = [];
  private readonly cols: Map<string, ImportColumn>;
  constructor(
    private readonly raw: RawRow,
    columns: readonly ImportColumn[],
    readonly now: Date,
  ) {
    let m = COLUMN_MAPS.get(columns);
    if (!m) COLUMN_MAPS.set(columns, (m = new Map(columns.map((c) => [c.key, c]))));
    this.cols = m;
  }

  col(key: string): ImportColumn {
    const c = this.cols.get(key);
    if (!c) throw new Error(`unknown import column ${key}`);
    return c;
  }
  rawText(key: string) {
    return this.raw[key]?.text ?? '';
  }
  get ok() {
    return !this.issues.some((i) => i.level === 'error');
  }
  error(key: string, msg: string) {
    this.issues.push({ col: this.col(key).header, raw: this.rawText(key), msg, level: 'error' });
    return null;
  }
  warn(key: string, msg: string) {
    this.issues.push({ col: this.col(key).header, raw: this.rawText(key), msg, level: 'warning' });
  }

  /** Empty → null (and 请填写… when required). */
  private present(key: string): string | null {
    const c = this.col(key);
    const v = cleanText(this.rawText(key));
    if (v === '') return c.required ? this.error(key, `请填写${c.header}`) : null;
    return v;
  }

  text(key: string): string | null {
    const c = this.col(key);
    const v = this.present(key);
    if (v === null) return null;
    if (v.includes('\u0000')) return this.error(key, `${c.header}包含非法字符`);
    if (c.max && v.length > c.max) return this.error(key, `${c.header}不能超过${c.max}个字`);
    return v;
  }

  name(key: string): string | null {
    const v = this.text(key);
    if (v === null) return null;
    const n = /[\u4e00-\u9fa5]/.test(v) ? v.replace(/ /g, '') : v;
    return isPersonName(n) ? n : this.error(key, `请填写正确的${this.col(key).header}`);
  }

  /** A long number that must keep every digit: Excel damage first, then normalised digits. */
  digits(key: string): string | null {
    const c = this.col(key);
    const cell = this.raw[key];
    if (cell && cleanText(cell.text) !== '' && (cell.numeric || looksLikeExcelNumber(cell.text))) {
      // a numeric cell keeps ≤ 15 significant digits and drops leading zeros: only an exact
      // integer that short is still the number the user typed
      const t = cell.text.trim();
      if (!(cell.numeric && /^\d{1,15}$/.test(t))) return this.error(key, excelDamageMsg(c.header));
    }
    const v = this.present(key);
    return v === null ? null : normalizeDigits(v);
  }

  idCard(key: string): string | null {
    const v = this.digits(key);
    if (v === null) return null;
    const h = this.col(key).header;
    const p = idCardProblem(v, this.now);
    if (p === 'format') return this.error(key, `${h}应为18位`);
    if (p === 'birth') return this.error(key, `${h}出生日期无效`);
    if (p === 'check') return this.error(key, `${h}校验位错误`);
    return v;
  }

  certNo(key: string, type: CertType | null): string | null {
    const v = this.digits(key);
    if (v === null || type === null) return null;
    const p = certNoProblem(type, v, this.now);
    return p === null ? v : this.error(key, `${this.col(key).header}${p}`);
  }

  mobile(key: string): string | null {
    const v = this.digits(key);
    if (v === null) return null;
    const m = v.replace(/^(\+86|0086|86)(?=1\d{10}$)/, '');
    return isMobile(m) ? m : this.error(key, `请输入正确的${this.col(key).header}`);
  }

  /** 16–19 digits; a failed Luhn check is only a warning (domain.md §5.6). */
  bankCard(key: string): string | null {
    const v = this.digits(key);
    if (v === null) return null;
    const h = this.col(key).header;
    if (!isBankCard(v)) return this.error(key, `${h}应为16-19位数字`);
    if (!luhnOk(v)) this.warn(key, `请核对${h}`);
    return v;
  }

  date(key: string): string | null {
    const v = this.present(key);
    if (v === null) return null;
    return parseDateText(v) ?? this.error(key, `${this.col(key).header}格式不正确，应为 YYYY-MM-DD`);
  }

  /** One of the column's vocabulary labels; answers the label. */
  vocab(key: string): string | null {
    const c = this.col(key);
    const v = this.present(key);
    if (v === null) return null;
    const hit = c.vocab?.find((x) => x === v || x.replace(/\s/g, '') === v.replace(/\s/g, ''));
    return hit ?? this.error(key, `${c.header}只能填写：${(c.vocab ?? []).join('、')}`);
  }
}

/** One import type: its sheet, columns and row rules (src/contract/import-types/<type>.ts). */
export interface ImportTypeDef<R = unknown> {
  type: string;
  /** 导入类型 as lists show it */
  label: string;
  /** what one row becomes (离职记录, 灵活用工人员) */
  entity: string;
  columns: readonly ImportColumn[];
  /** extra 填表说明 lines */
  notes: readonly string[];
  /** the clean row, or null when the reader recorded an error */
  validate(r: RowReader): R | null;
  /** rows with the same key are the same record (inside a file and against stored rows) */
  dupKey(row: R): string;
  /** the columns that make the key, for messages (身份证号和离职日期) */
  dupLabel: string;
  /** the key column, where the duplicate is reported */
  dupColumn: string;
}

/** Validates one parsed row with a type's rules. */
export function validateRow<R>(def: ImportTypeDef<R>, raw: RawRow, now: Date): { row: R | null; issues: CellIssue[] } {
  const r = new RowReader(raw, def.columns, now);
  const row = def.validate(r);
  return { row: r.ok ? row : null, issues: r.issues };
}
