// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { queryFromSearch, withFilter, withoutFilters, withPage } from './query';

describe('hall query in the URL', () => {
  it('reads keywords, filters and page; drops empty values', () => {
    expect(queryFromSearch('?keywords=%20Java%20&city=杭州&education=&page=3')).toEqual({ keywords: 'Java', city: '杭州', page: 3, page_size: 10 });
    expect(queryFromSearch('')).toEqual({ page: 1, page_size: 10 });
    expect(queryFromSearch('?page=-2').page).toBe(1);
    expect(queryFromSearch('?page=abc').page).toBe(1);
  });
  it('a changed filter returns to page 1; paging keeps the filters', () => {
    expect(withFilter('?keywords=Java&page=3', 'city', '杭州')).toBe(`?keywords=Java&city=${encodeURIComponent('杭州')}`);
    expect(withFilter('?city=a&page=3', 'city', '')).toBe('');
    expect(withFilter('?city=a', 'page', '2')).toBe('?city=a&page=2');
  });
  it('the next and previous pages carry the cursor of the answer; a jump or a filter drops it', () => {
    const shown = { page: 2, next: 'N', prev: 'P' };
    expect(withPage('?city=a&page=2', 3, shown)).toBe('?city=a&page=3&after=N');
    expect(withPage('?city=a&page=3&before=X', 1, { ...shown, page: 2 })).toBe('?city=a');
    expect(withPage('?page=3&after=N', 2, { ...shown, page: 3 })).toBe('?page=2&before=P');
    expect(withPage('?page=3&after=N', 7, { ...shown, page: 3 })).toBe('?page=7');
    expect(queryFromSearch('?page=3&after=N')).toEqual({ page: 3, page_size: 10, after: 'N' });
    expect(queryFromSearch('?after=N').after).toBeUndefined();
    expect(withFilter('?page=3&after=N', 'city', 'a')).toBe('?city=a');
  });
  it('reset keeps the keywords', () => {
    expect(withoutFilters('?keywords=Java&city=a&salary=5-10&page=2')).toBe('?keywords=Java');
  });
});
