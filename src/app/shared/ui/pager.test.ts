import { describe, expect, it } from 'vitest';
import { pageAt } from './Pager';

describe('pageAt', () => {
  it('the next and previous pages carry the shown cursor; page 1 and jumps go by number', () => {
    const shown = { page: 3, next: 'N', prev: 'P' };
    expect(pageAt(4, shown)).toEqual({ page: 4, after: 'N' });
    expect(pageAt(2, shown)).toEqual({ page: 2, before: 'P' });
    expect(pageAt(1, { ...shown, page: 2 })).toEqual({ page: 1 });
    expect(pageAt(7, shown)).toEqual({ page: 7 });
    expect(pageAt(4, { page: 3, next: '', prev: '' })).toEqual({ page: 4 });
    expect(pageAt(2, null)).toEqual({ page: 2 });
  });
});
