import { describe, expect, it } from 'vitest';
import { DRAFT_TTL_MS, clearDraft, isDirty, readDraft, saveDraft, taskDraftKey } from './draft';

const mem = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
};

describe('task draft', () => {
  const shape = { name: '', pay: '', need_sign: '1' };
  it('keeps and restores typed values per user and task, ignoring junk', () => {
    const s = mem();
    const k = taskDraftKey(7, null);
    saveDraft(s, k, { name: '地推', pay: 12, need_sign: '0' }, 1000);
    expect(readDraft(s, k, 2000, shape)).toEqual({ name: '地推', pay: '', need_sign: '0' });
    expect(readDraft(s, taskDraftKey(8, null), 2000, shape)).toBeNull();
    clearDraft(s, k);
    expect(readDraft(s, k, 2000, shape)).toBeNull();
  });
  it('drops an old draft', () => {
    const s = mem();
    saveDraft(s, 'k', { name: 'x' }, 0);
    expect(readDraft(s, 'k', DRAFT_TTL_MS + 1, shape)).toBeNull();
    expect(isDirty({ a: 1 }, { a: 1 })).toBe(false);
  });
});
