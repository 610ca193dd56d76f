/**
 * Keyset paging in the console (issue 34): the pager keeps its page numbers; the next or the
 * previous page is asked for with the shown page's cursor (the server finds it by index, and rows
 * that arrive meanwhile neither repeat nor vanish); a jump to another page goes by number.
 */
export interface PageAt {
  page: number;
  after?: string;
  before?: string;
}

/** The page shown, as a keyset list answers it. */
export interface Cursored {
  page: number;
  next?: string;
  prev?: string;
}

/** The query of page `to`, seen from the page `shown` (null: none yet). */
export function pageAt(to: number, shown: Cursored | null | undefined): PageAt {
  if (shown && to === shown.page + 1 && shown.next) return { page: to, after: shown.next };
  if (shown && to === shown.page - 1 && to > 1 && shown.prev) return { page: to, before: shown.prev };
  return { page: to };
}
