/** The hall's search state lives in the URL (`?keywords=…&city=…&page=2`): back and reload keep it. */
import type { HallQuery } from '../../../../contract';

export const HALL_PAGE_SIZE = 10;
export const FILTER_KEYS = ['city', 'education', 'experience', 'salary', 'job_status', 'label'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The query the API gets, from the URL's search string; unknown or empty values are left out. */
export function queryFromSearch(search: string): HallQuery {
  const p = new URLSearchParams(search);
  const q: Record<string, string | number> = { page_size: HALL_PAGE_SIZE };
  const keywords = (p.get('keywords') ?? '').trim().slice(0, 50);
  if (keywords) q.keywords = keywords;
  for (const k of FILTER_KEYS) {
    const v = (p.get(k) ?? '').trim();
    if (v) q[k] = v;
  }
  const page = Number(p.get('page'));
  q.page = Number.isInteger(page) && page > 1 ? page : 1;
  for (const k of ['after', 'before'] as const) {
    const v = p.get(k);
    if (v && q.page > 1) q[k] = v.slice(0, 200);
  }
  return q as HallQuery;
}

/** The search string with one filter changed (empty removes it); any change returns to page 1. */
export function withFilter(search: string, key: FilterKey | 'page', value: string): string {
  const p = new URLSearchParams(search);
  if (value) p.set(key, value);
  else p.delete(key);
  if (key !== 'page') p.delete('page');
  p.delete('after');
  p.delete('before');
  const s = p.toString();
  return s ? `?${s}` : '';
}

/**
 * The search string of page `to` from the answer shown: the next or previous page carries the
 * answer's cursor (the server pages by keyset, issue 34); another page number pages by offset.
 */
export function withPage(search: string, to: number, shown: { page: number; next: string; prev: string }): string {
  const s = withFilter(search, 'page', to > 1 ? String(to) : '');
  const cursor = to === shown.page + 1 ? ['after', shown.next] : to === shown.page - 1 && to > 1 ? ['before', shown.prev] : null;
  if (!cursor?.[1]) return s;
  return `${s ? `${s}&` : '?'}${cursor[0]}=${encodeURIComponent(cursor[1])}`;
}

/** Clears every filter but keeps the keywords. */
export function withoutFilters(search: string): string {
  const p = new URLSearchParams(search);
  for (const k of [...FILTER_KEYS, 'page', 'after', 'before']) p.delete(k);
  const s = p.toString();
  return s ? `?${s}` : '';
}
