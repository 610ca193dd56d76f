/**
 * The breadcrumb search box (SPEC §2): search on Enter or icon click, only when the keywords changed.
 */

/** The trimmed keywords to search for, or null when they equal the last searched ones. */
export function nextSearch(input: string, lastSearched: string | null | undefined): string | null {
  const next = input.trim();
  return next === (lastSearched ?? '').trim() ? null : next;
}

/** The current URL's search string with `keywords` set (or removed when empty). */
export function withKeywords(search: string, keywords: string): string {
  const params = new URLSearchParams(search);
  if (keywords) params.set('keywords', keywords);
  else params.delete('keywords');
  // a new search starts from the first page
  params.delete('page');
  const s = params.toString();
  return s ? `?${s}` : '';
}
