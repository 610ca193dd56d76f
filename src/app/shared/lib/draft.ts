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

// --- personal numbers in drafts (docs/pii.md, "Drafts in the browser") ---------------------------

/**
 * ID card numbers and people's mobiles never go to localStorage (they would outlive the session
 * on a shared tablet, in plain text). A form names those fields `sensitive`: the stored draft
 * holds them blank, and their values stay in this tab's memory only — enough for a gating prompt
 * and a session expiry (410000 → login → back, no reload) — and are wiped at logout. After a
 * reload the rest comes back and the form asks for the personal numbers again.
 */
const secrets = new Map<string, Record<string, unknown>>();

export function writeDraft<T extends object>(
  storage: Pick<Storage, 'setItem'>,
  key: string,
  values: T,
  now: number,
  sensitive: readonly (keyof T)[] = [],
): void {
  const plain = { ...values } as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const k of sensitive as readonly string[]) {
    kept[k] = plain[k];
    plain[k] = '';
  }
  if (sensitive.length) secrets.set(key, kept);
  saveDraft(storage, key, plain, now);
}

/** The kept draft with its personal numbers from memory; `retype` when they were lost (a reload). */
export function loadDraft<T extends object>(
  storage: Pick<Storage, 'getItem' | 'removeItem'>,
  key: string,
  now: number,
  shape: T,
  sensitive: readonly (keyof T)[] = [],
): { values: T; retype: boolean } | null {
  const d = readDraft(storage, key, now, shape);
  if (!d) return null;
  const kept = secrets.get(key);
  // without the memory (a reload) the personal fields keep the form's own values (blank when new)
  const out = { ...d, ...(kept ?? Object.fromEntries(sensitive.map((k) => [k, shape[k]]))) } as T;
  const retype = !kept && sensitive.length > 0;
  return { values: out, retype };
}

export function dropDraft(storage: Pick<Storage, 'removeItem'>, key: string): void {
  secrets.delete(key);
  clearDraft(storage, key);
}

/** At logout: no personal number of a draft stays in memory. */
export function forgetDraftSecrets(): void {
  secrets.clear();
}
