/**
 * Phase 1 of an import: every parsed row through its type's rules (src/contract), then duplicates
 * inside the file and against the company's stored rows. Pure apart from the one `existing` query.
 */
import { looksLikeExcelNumber, validateRow, type ImportIssue } from '../../contract/imports';
import type { Db } from '../db/types';
import type { ServerImportType } from './server-type';
import type { ParsedRow } from './xlsx';

export interface Validated<R = unknown> {
  total: number;
  /** the clean rows, in file order (all of them only when `failRows` is 0) */
  rows: R[];
  /** the Excel row number of each clean row */
  rowNos: number[];
  issues: ImportIssue[];
  okRows: number;
  failRows: number;
  warnRows: number;
}

/** 原值 of a personal number as the error table shows it: masked, except Excel's damaged numbers. */
export function maskRaw(raw: string): string {
  const v = raw.trim();
  if (v.length < 8 || looksLikeExcelNumber(v)) return v;
  const keep = v.length >= 15 ? 6 : 3;
  return `${v.slice(0, keep)}${'*'.repeat(v.length - keep - 4)}${v.slice(-4)}`;
}

export async function validateRows<R>(db: Db, companyId: number, type: ServerImportType<R>, parsed: ParsedRow[], now: Date): Promise<Validated<R>> {
  const { def } = type;
  const masked = new Set(def.columns.filter((c) => c.textFormat).map((c) => c.header));
  const dupHeader = def.columns.find((c) => c.key === def.dupColumn)!.header;
  const issues: ImportIssue[] = [];
  const good: { rowNo: number; row: R; key: string }[] = [];
  const failed = new Set<number>();
  const warned = new Set<number>();
  const seen = new Map<string, number>();

  for (const p of parsed) {
    const r = validateRow(def, p.raw, now);
    for (const i of r.issues) {
      issues.push({ row: p.rowNo, col: i.col, raw: masked.has(i.col) ? maskRaw(i.raw) : i.raw, msg: i.msg, level: i.level });
      (i.level === 'error' ? failed : warned).add(p.rowNo);
    }
    if (r.row === null) continue;
    const key = def.dupKey(r.row);
    const first = seen.get(key);
    if (first !== undefined) {
      issues.push({
        row: p.rowNo,
        col: dupHeader,
        raw: maskRaw(p.raw[def.dupColumn]?.text ?? ''),
        msg: `与第${first}行重复（${def.dupLabel}相同）`,
        level: 'error',
      });
      failed.add(p.rowNo);
      continue;
    }
    seen.set(key, p.rowNo);
    good.push({ rowNo: p.rowNo, row: r.row, key: p.raw[def.dupColumn]?.text ?? '' });
  }

  const exists = good.length
    ? await type.existing(
        db,
        companyId,
        good.map((g) => g.row),
      )
    : new Set<string>();
  const problems =
    good.length && type.problems
      ? await type.problems(
          db,
          companyId,
          good.map((g) => g.row),
        )
      : new Map<string, string>();
  const rows: R[] = [];
  const rowNos: number[] = [];
  for (const g of good) {
    if (exists.has(def.dupKey(g.row))) {
      issues.push({ row: g.rowNo, col: dupHeader, raw: maskRaw(g.key), msg: `与已有${def.entity}重复（${def.dupLabel}相同）`, level: 'error' });
      failed.add(g.rowNo);
    } else if (problems.has(def.dupKey(g.row))) {
      issues.push({ row: g.rowNo, col: dupHeader, raw: maskRaw(g.key), msg: problems.get(def.dupKey(g.row))!, level: 'error' });
      failed.add(g.rowNo);
    } else {
      rows.push(g.row);
      rowNos.push(g.rowNo);
    }
  }
  issues.sort((a, b) => a.row - b.row);
  return { total: parsed.length, rows, rowNos, issues, okRows: parsed.length - failed.size, failRows: failed.size, warnRows: warned.size };
}

/** 错误原因 per row for the error file: errors first, then 提醒 (warnings). */
export function reasonsByRow(issues: ImportIssue[]): Map<number, string> {
  const m = new Map<number, string[]>();
  for (const i of [...issues].sort((a, b) => (a.level === b.level ? 0 : a.level === 'error' ? -1 : 1))) {
    const list = m.get(i.row) ?? [];
    list.push(i.level === 'error' ? `${i.col}：${i.msg}` : `提醒：${i.msg}`);
    m.set(i.row, list);
  }
  return new Map([...m].map(([k, v]) => [k, v.join('；')]));
}
