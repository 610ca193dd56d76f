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
  return q as HallQuery;
}

/** The search string with one filter changed (empty removes it); any change returns to page 1. */
export function withFilter(search: string, key: FilterKey | 'page', value: string): string {
  const p = new URLSearchParams(search);
  if (value) p.set(key, value);
  else p.delete(key);
  if (key !== 'page') p.delete('page');
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** Clears every filter but keeps the keywords. */
export function withoutFilters(search: string): string {
  const p = new URLSearchParams(search);
  for (const k of [...FILTER_KEYS, 'page']) p.delete(k);
  const s = p.toString();
  return s ? `?${s}` : '';
}
