import { describe, expect, it } from 'vitest';
import { clearDraft, DRAFT_TTL_MS, draftKey, isDirty, readDraft, saveDraft } from './draft';

function memory() {
  const m = new Map<string, string>();
  return {
    m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}
const blank = { title: '', headcount: '1', welfare: [] as string[] };

describe('position drafts', () => {
  it('survive a round trip per user and position', () => {
    const s = memory();
    const key = draftKey(7, null);
    expect(key).toBe('positionDraft:7:new');
    saveDraft(s, key, { title: 'Java开发', headcount: '2', welfare: ['双休'] }, 1000);
    expect(readDraft(s, key, 2000, blank)).toEqual({ title: 'Java开发', headcount: '2', welfare: ['双休'] });
    expect(readDraft(s, draftKey(8, null), 2000, blank)).toBeNull();
    clearDraft(s, key);
    expect(readDraft(s, key, 2000, blank)).toBeNull();
  });
  it('old, broken or foreign-shaped drafts are dropped field by field', () => {
    const s = memory();
    saveDraft(s, 'k', blank, 0);
    expect(readDraft(s, 'k', DRAFT_TTL_MS + 1, blank)).toBeNull();
    expect(s.m.has('k')).toBe(false);
    s.setItem('k', '{not json');
    expect(readDraft(s, 'k', 0, blank)).toBeNull();
    s.setItem('k', JSON.stringify({ at: 0, values: { title: 5, headcount: '3', welfare: [1], evil: 'x' } }));
    expect(readDraft(s, 'k', 0, blank)).toEqual({ title: '', headcount: '3', welfare: [] });
  });
  it('knows when a form is worth keeping', () => {
    expect(isDirty(blank, { ...blank })).toBe(false);
    expect(isDirty({ ...blank, title: 'x' }, blank)).toBe(true);
  });
});
