import { isRealDay } from '../../contract/common';

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
