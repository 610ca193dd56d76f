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

/** A list's answer: its rows and the count of all matching rows. */
export interface Paged<T> {
  list: T[];
  total: number;
}
