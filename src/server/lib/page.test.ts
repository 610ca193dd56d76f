import { describe, expect, it } from 'vitest';
import { COUNT_CAP, keyset, MSG_PAGE_TOO_DEEP, pageFields, pageOffset, pageSql } from './page';

describe('page', () => {
  it('skips the rows of the pages before', () => {
    expect(pageOffset({ page: 1, page_size: 20 })).toBe(0);
    expect(pageOffset({ page: 3, page_size: 20 })).toBe(40);
  });
  it('appends LIMIT/OFFSET as the next two parameters', () => {
    const args: unknown[] = [7, 'x'];
    expect(pageSql(args, { page: 2, page_size: 10 })).toBe(' LIMIT $3 OFFSET $4');
    expect(args).toEqual([7, 'x', 10, 10]);
  });
  it('answers the total with the page asked for', () => {
    expect(pageFields({ page: 2, page_size: 10 }, 31)).toEqual({ total: 31, page: 2, page_size: 10 });
  });
  it('a keyset list refuses a page number past its counted rows, not a page reached by cursor', () => {
    const keys = [{ sql: 'x.id', kind: 'int' as const }];
    expect(() => keyset([], { page: COUNT_CAP / 20, page_size: 20 }, keys)).not.toThrow();
    expect(() => keyset([], { page: COUNT_CAP / 20 + 1, page_size: 20 }, keys)).toThrow(MSG_PAGE_TOO_DEEP);
    expect(() => keyset([], { page: 10_000, page_size: 20, after: 'WzEyM10' }, keys)).not.toThrow();
  });
});
