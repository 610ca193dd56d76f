/**
 * The task form's draft, kept the way the position form keeps its own (features/position/lib/draft):
 * every change in localStorage per user and task, restored on return (a gating prompt, an expired
 * session, a reload), removed by a successful save; older than 14 days is dropped.
 */
export const DRAFT_TTL_MS = 14 * 86_400_000;
export const taskDraftKey = (userId: number | string, taskId: number | null) => `taskDraft:${userId}:${taskId ?? 'new'}`;

export function saveDraft<T>(storage: Pick<Storage, 'setItem'>, key: string, values: T, now: number): void {
  try {
    storage.setItem(key, JSON.stringify({ at: now, values }));
  } catch {
    // storage full or denied: the form still works
  }
}

/** The kept values, typed like `shape` (unknown or mistyped fields are ignored), or null. */
export function readDraft<T extends object>(storage: Pick<Storage, 'getItem' | 'removeItem'>, key: string, now: number, shape: T): T | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const d = JSON.parse(raw) as { at?: unknown; values?: Record<string, unknown> };
    if (typeof d.at !== 'number' || now - d.at > DRAFT_TTL_MS || !d.values || typeof d.values !== 'object') {
      storage.removeItem(key);
      return null;
    }
    const out = { ...shape } as Record<string, unknown>;
    for (const [k, v] of Object.entries(shape)) if (typeof d.values[k] === typeof v) out[k] = d.values[k];
    return out as T;
  } catch {
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

export const isDirty = <T extends object>(values: T, base: T) => JSON.stringify(values) !== JSON.stringify(base);
