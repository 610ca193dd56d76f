import { describe, expect, it } from 'vitest';
import { dropDraft, forgetDraftSecrets, loadDraft, readDraft, writeDraft } from './draft';

/** a Storage over a Map (what localStorage would hold, as text) */
function memoryStorage() {
  const m = new Map<string, string>();
  return { m, getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}

const blank = { name: '', id_card: '', mobile: '', ids: [] as string[] };
const SENSITIVE = ['id_card', 'mobile'] as const;
const filled = { name: '王丽娟', id_card: '11010519491231002X', mobile: '13912345678', ids: ['3', '5'] };

describe('drafts with personal numbers', () => {
  it('keeps ID and mobile numbers out of the stored text, and gives them back from memory', () => {
    const s = memoryStorage();
    writeDraft(s, 'proofDraft:1:manual', filled, 1000, SENSITIVE);
    const text = [...s.m.values()].join('');
    expect(text).toContain('王丽娟');
    expect(text).not.toContain('11010519491231002X');
    expect(text).not.toContain('13912345678');
    expect(loadDraft(s, 'proofDraft:1:manual', 2000, blank, SENSITIVE)).toEqual({ values: filled, retype: false });
  });

  it('after a reload (memory gone) gives back the rest and asks for the numbers again', () => {
    const s = memoryStorage();
    writeDraft(s, 'proofDraft:1:manual', filled, 1000, SENSITIVE);
    forgetDraftSecrets();
    expect(loadDraft(s, 'proofDraft:1:manual', 2000, blank, SENSITIVE)).toEqual({ values: { ...filled, id_card: '', mobile: '' }, retype: true });
    // an edited proof keeps its own (masked) number
    const loaded = { ...blank, id_card: '110105********002X' };
    expect(loadDraft(s, 'proofDraft:1:manual', 2000, loaded, SENSITIVE)?.values.id_card).toBe('110105********002X');
  });

  it('drops the stored text and the memory together', () => {
    const s = memoryStorage();
    writeDraft(s, 'taxDraft:1:new', filled, 1000);
    expect(readDraft(s, 'taxDraft:1:new', 2000, blank)?.ids).toEqual(['3', '5']);
    dropDraft(s, 'taxDraft:1:new');
    expect(s.m.size).toBe(0);
    expect(loadDraft(s, 'taxDraft:1:new', 2000, blank)).toBeNull();
  });
});
