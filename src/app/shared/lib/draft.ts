/**
 * The one draft store of every long form (issue 18; first written for the position form): unsaved
 * input survives a gating prompt, a session expiry (410000 → login → back to the same form) or a
 * reload. Every change is kept in localStorage per user, form and object (`new` for a new one) and
 * restored on return; a successful save or 清空 removes it. Drafts older than 14 days are dropped.
 * Use it through `useFormDraft` (shared/hooks/draft.ts) or these plain functions.
 */
export const DRAFT_TTL_MS = 14 * 86_400_000;

export interface Draft<T> {
  at: number;
  values: T;
}

/** `<form>Draft:<user>:<object id or new>` (the position form's keys kept their old shape). */
export const formDraftKey = (form: string, userId: number | string, objectId: number | string | null) => `${form}Draft:${userId}:${objectId ?? 'new'}`;

export function saveDraft<T>(storage: Pick<Storage, 'setItem'>, key: string, values: T, now: number): void {
  try {
    storage.setItem(key, JSON.stringify({ at: now, values } satisfies Draft<T>));
  } catch {
    // storage full or denied: the draft is a convenience, the form still works
  }
}

export function readDraft<T extends object>(storage: Pick<Storage, 'getItem' | 'removeItem'>, key: string, now: number, shape: T): T | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Draft<Record<string, unknown>>;
    if (!d || typeof d.at !== 'number' || now - d.at > DRAFT_TTL_MS || typeof d.values !== 'object' || !d.values) {
      storage.removeItem(key);
      return null;
    }
    // only the known fields, with the type of the blank form's values
    const out = { ...shape } as Record<string, unknown>;
    for (const [k, v] of Object.entries(shape)) {
      const got = d.values[k];
      if (Array.isArray(v) ? Array.isArray(got) && got.every((x) => typeof x === 'string') : typeof got === typeof v) out[k] = got;
    }
    return out as T;
  } catch {
    storage.removeItem(key);
    return null;
  }
}

export function clearDraft(storage: Pick<Storage, 'removeItem'>, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // ignore
  }
}

/** True when the values differ from the blank or loaded form (worth keeping). */
export const isDirty = <T extends object>(values: T, base: T) => JSON.stringify(values) !== JSON.stringify(base);
