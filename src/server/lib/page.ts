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
