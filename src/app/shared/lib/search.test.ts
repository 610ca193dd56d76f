// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nextSearch, withKeywords } from './search';

describe('nextSearch: only when the keywords changed', () => {
  it('searches new keywords, trimmed', () => {
    expect(nextSearch('  java ', '')).toBe('java');
    expect(nextSearch('java', null)).toBe('java');
    expect(nextSearch('java', undefined)).toBe('java');
    expect(nextSearch('前端', 'java')).toBe('前端');
  });
  it('does nothing when the trimmed keywords equal the last ones', () => {
    expect(nextSearch('java', 'java')).toBeNull();
    expect(nextSearch('  java  ', 'java')).toBeNull();
    expect(nextSearch('', '')).toBeNull();
    expect(nextSearch('   ', null)).toBeNull();
  });
  it('clearing the box after a search is a change (shows everything again)', () => {
    expect(nextSearch('', 'java')).toBe('');
    expect(nextSearch('  ', 'java')).toBe('');
  });
});

describe('withKeywords', () => {
  it('sets, replaces and removes keywords, keeping other parameters', () => {
    expect(withKeywords('', 'java')).toBe('?keywords=java');
    expect(withKeywords('?status=1&keywords=a', 'b')).toBe('?status=1&keywords=b');
    expect(withKeywords('?status=1&keywords=a', '')).toBe('?status=1');
    expect(withKeywords('keywords=a', '')).toBe('');
  });
  it('resets the page and encodes Chinese', () => {
    expect(withKeywords('?page=3', '前端')).toBe(`?keywords=${encodeURIComponent('前端')}`);
  });
});
