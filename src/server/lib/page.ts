import { isRealDay } from '../../contract/common';
import type { Db } from '../db/types';
import { badRequest } from './refusal';

/**
 * One page of a list (SPEC §7: `page` from 1, `page_size`). The page arithmetic lives here once;
 * domain list functions take a `Page` and end their query with `pageSql`.
 */
export interface Page {
  page: number;
  page_size: number;
}

/** Rows skipped before `p`'s first row. */
export const pageOffset = (p: Page): number => (p.page - 1) * p.page_size;

/**
 * A list whose count stops at a cap (COUNT_CAP, the hall's HALL_COUNT_CAP) refuses a page number
 * whose first row lies past it, unless a cursor says where the page starts: its pager offers no such
 * page, 下一页 goes on by cursor, and an OFFSET that deep reads every row it skips (the hall's page
 * 10,000 took 1.5 s at a million seekers; issue 34). Elasticsearch's max_result_window is the same
 * rule.
 */
export const MSG_PAGE_TOO_DEEP = '页码超出可跳转的范围，请用“下一页”继续浏览，或缩小筛选条件';
export function offsetWithin(p: Page, window: number): void {
  if (pageOffset(p) >= window) throw badRequest(MSG_PAGE_TOO_DEEP);
}

/** ` LIMIT $n OFFSET $m`, pushing both values onto the query's `args`. */
export const pageSql = (args: unknown[], p: Page): string => ` LIMIT $${args.push(p.page_size)} OFFSET $${args.push(pageOffset(p))}`;

/** A list answer's `total` (all matching rows) and the `page` and `page_size` it answers for. */
export const pageFields = (p: Page, total: number) => ({ total, page: p.page, page_size: p.page_size });

/** A list's answer: its rows and the count of all matching rows. */
export interface Paged<T> {
  list: T[];
  total: number;
}

/** A list's tabs: the count of each status and of all, from `GROUP BY status` rows. */
export function statusCounts<S extends string>(codes: readonly S[], rows: { status: string; n: number }[]): Record<'all' | S, number> {
  const counts = Object.fromEntries(['all', ...codes].map((s) => [s, 0])) as Record<string, number>;
  for (const r of rows) {
    counts[r.status] = r.n;
    counts.all! += r.n;
  }
  return counts as Record<'all' | S, number>;
}

/**
 * Keyset paging (issue 34): the page after a row or before one, found by the index instead of
 * counting past `OFFSET` rows. A cursor is the sort key of a page's last (`after`) or first
 * (`before`) row, opaque to the client: base64url of a JSON array. The page number stays what the
 * pager shows; a jump to a page without a cursor still pages by offset.
 */
export interface Keyset {
  after?: string | undefined;
  before?: string | undefined;
}

/** A cursor of a row's sort key (values as the query selected them, text and numbers). */
export const encodeCursor = (key: readonly (string | number)[]): string => Buffer.from(JSON.stringify(key)).toString('base64url');

const CURSOR_VALUE = {
  int: (x: unknown) => Number.isSafeInteger(x),
  /** a timestamptz as PostgreSQL prints it (`2026-11-20 16:58:51.657+00`) */
  time: (x: unknown) =>
    typeof x === 'string' && /^\d{4}-\d\d-\d\d ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/.test(x) && isRealDay(x.slice(0, 10)),
  /** a date as PostgreSQL prints it */
  date: (x: unknown) => typeof x === 'string' && /^\d{4}-\d\d-\d\d$/.test(x) && isRealDay(x),
};

/** The sort key of a cursor of the given shape, or null when it is not one (a tampered or stale link). */
export function decodeCursor(cursor: string, shape: readonly (keyof typeof CURSOR_VALUE)[]): (string | number)[] | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === shape.length && shape.every((k, i) => CURSOR_VALUE[k](v[i]))) return v as (string | number)[];
  } catch {
    // not JSON
  }
  return null;
}

/** One column of a keyset list's sort key: its SQL (NOT NULL, the last one unique) and its kind. */
export interface KeyCol {
  sql: string;
  kind: keyof typeof CURSOR_VALUE;
}

const KEY_CAST = { int: 'int', time: 'timestamptz', date: 'date' } as const;

/**
 * The paging of a keyset list (issue 34), for any list ordered by a key of `keys`, all in `dir`
 * (newest first: 'desc'): `after` / `before` continue from a cursor, a page number alone pages by
 * offset. Call it after the list's own arguments are pushed; the query is
 * `SELECT …${k.select} FROM … WHERE …${k.cond}${k.order}${k.limit}`, and `k.rows` puts a page read
 * backwards into the shown order and gives its `next` / `prev` cursors.
 */
export function keyset(
  args: unknown[],
  q: Page & Keyset,
  keys: readonly KeyCol[],
  dir: 'asc' | 'desc' = 'desc',
  /** how far a page number reaches: the list's count cap (a list counted in full: Infinity) */
  offsetWindow = COUNT_CAP,
) {
  const cursor = q.after ?? q.before;
  const back = !q.after && !!q.before;
  // read backwards (the page before a cursor) in the opposite order, then turn the page round
  const down = (dir === 'desc') !== back;
  let cond = '';
  if (cursor) {
    const key = decodeCursor(
      cursor,
      keys.map((k) => k.kind),
    );
    if (!key) throw badRequest('翻页位置已失效，请回到第一页');
    const at = key.map((v, i) => `$${args.push(v)}::${KEY_CAST[keys[i]!.kind]}`);
    cond = ` AND (${keys.map((k) => k.sql).join(', ')}) ${down ? '<' : '>'} (${at.join(', ')})`;
  }
  const order = ` ORDER BY ${keys.map((k) => `${k.sql}${down ? ' DESC' : ''}`).join(', ')}`;
  if (!cursor) offsetWithin(q, offsetWindow);
  const limit = cursor ? ` LIMIT $${args.push(q.page_size)}` : pageSql(args, q);
  const select = keys.map((k, i) => `, (${k.sql})${k.kind === 'int' ? '' : '::text'} AS k_${i}`).join('');
  const keyOf = (r: object | undefined) => {
    if (!r) return '';
    const row = r as Record<string, string | number>;
    return encodeCursor(keys.map((_, i) => row[`k_${i}`]!));
  };
  return {
    cond,
    order,
    limit,
    select,
    /** the page in the list's order, with the cursors of its last and first rows ('' on an empty page) */
    rows<R extends object>(rows: R[]) {
      if (back) rows.reverse();
      return { rows, next: keyOf(rows[rows.length - 1]), prev: keyOf(rows[0]) };
    },
  };
}

/** Past this a list's total is not counted: the answer says `total_more` and the pager shows 1万+. */
export const COUNT_CAP = 10_000;

/**
 * The count of a list's rows up to COUNT_CAP (counting a million rows on every page costs more
 * than the page): `SELECT 1 FROM … WHERE …` (its arguments in `args`) stops at the cap (the hall's is
 * smaller: recruitment/hall.ts).
 */
export async function cappedCount(db: Db, rowsSql: string, args: readonly unknown[], cap = COUNT_CAP) {
  const n = (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM (${rowsSql} LIMIT ${cap + 1}) x`, [...args]))!.n;
  return { total: Math.min(n, cap), total_more: n > cap };
}
