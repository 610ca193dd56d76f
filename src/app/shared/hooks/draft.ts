/**
 * `useFormDraft(form, objectId, initial)`: `useState` for a long form's values that also keeps a
 * draft (shared/lib/draft.ts) per user, form and object — it survives a gating prompt, a session
 * expiry (410000 → login → back here, filled) and a reload, and holds off unasked reloads while
 * there is unsaved input (busy.ts). `saved()` after a successful save and `discard()` (清空)
 * remove it. Every long form uses this one hook; the values must be a plain JSON object.
 */
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useSnapshot } from 'valtio';
import { dropDraft, formDraftKey, isDirty, loadDraft, writeDraft } from '../lib/draft';
import { session } from '../session';
import { useBusy } from './busy';

export interface FormDraft {
  /** the form was filled from a kept draft */
  restored: boolean;
  /** restored after a reload: the personal numbers (kept in memory only) must be typed again */
  retype: boolean;
  /** 清空: forget the draft and go back to the initial values */
  discard: () => void;
  /** the form was saved: forget the draft */
  saved: () => void;
}

const storage = (): Storage | null => {
  try {
    return localStorage;
  } catch {
    return null;
  }
};

export function useFormDraft<T extends object>(
  form: string,
  objectId: number | string | null,
  initial: T,
  /** ID and mobile numbers: kept in the tab's memory, never in localStorage (shared/lib/draft.ts) */
  sensitive: readonly (keyof T)[] = [],
): [T, Dispatch<SetStateAction<T>>, FormDraft] {
  const { user } = useSnapshot(session);
  const key = formDraftKey(form, user?.id ?? 0, objectId);
  const sensitiveRef = useRef(sensitive);
  const [kept] = useState(() => {
    const s = storage();
    const d = s ? loadDraft(s, key, Date.now(), initial, sensitiveRef.current) : null;
    return d && isDirty(d.values, initial) ? d : null;
  });
  const [values, setValues] = useState<T>(kept?.values ?? initial);
  const [restored, setRestored] = useState(kept !== null);
  const [retype, setRetype] = useState(kept?.retype ?? false);
  const touched = useRef(false);
  const dirty = isDirty(values, initial);
  useBusy(dirty);

  useEffect(() => {
    const s = storage();
    // no user (a 410000 has just cleared the session): nothing is kept until they are back
    if (!s || !touched.current || !user) return;
    if (dirty) writeDraft(s, key, values, Date.now(), sensitiveRef.current);
    else dropDraft(s, key);
  }, [values, dirty, key, user]);

  const set: Dispatch<SetStateAction<T>> = (next) => {
    touched.current = true;
    setValues(next);
  };
  const forget = () => {
    const s = storage();
    if (s) dropDraft(s, key);
    touched.current = false;
    setRestored(false);
    setRetype(false);
  };
  return [
    values,
    set,
    {
      restored,
      retype,
      discard: () => {
        forget();
        setValues(initial);
      },
      saved: forget,
    },
  ];
}

export interface LateDraft<T> {
  /** the form was filled from a kept draft */
  restored: boolean;
  /** restored after a reload: the personal numbers (kept in memory only) must be typed again */
  retype: boolean;
  /** 清空: forget the draft and go back to `base` */
  discard: () => void;
  /** the form was saved: forget the draft */
  saved: () => void;
  /** for `discard`: the base values */
  base: T | null;
}

/**
 * The draft of a form whose starting values arrive later (the saved details loaded from the
 * server, a dialog opened on an object): once `base` is known, a kept draft is given back through
 * `apply`; from then on every change of `values` is kept while it differs from `base`. Fields named
 * `sensitive` (ID and mobile numbers) stay out of localStorage (shared/lib/draft.ts, docs/pii.md).
 * `objectId` null = no form open (nothing kept).
 */
export function useLateDraft<T extends object>(
  form: string,
  objectId: number | string | null,
  base: T | null,
  values: T,
  apply: (values: T) => void,
  sensitive: readonly (keyof T)[] = [],
): LateDraft<T> {
  const { user } = useSnapshot(session);
  // no user (a 410000 has just cleared the session): nothing is read or kept until they are back
  const key = base && objectId !== null && user ? formDraftKey(form, user.id, objectId) : null;
  const [state, setState] = useState<{ key: string | null; restored: boolean; retype: boolean }>({ key: null, restored: false, retype: false });
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const baseRef = useRef(base);
  baseRef.current = base;
  const sensitiveRef = useRef(sensitive);

  // once the base is known (per form and object): give back a kept draft
  useEffect(() => {
    const s = storage();
    const b = baseRef.current;
    if (!key || !b) return;
    const d = s ? loadDraft(s, key, Date.now(), b, sensitiveRef.current) : null;
    if (d && isDirty(d.values, b)) {
      applyRef.current(d.values);
      setState({ key, restored: true, retype: d.retype });
    } else setState({ key, restored: false, retype: false });
  }, [key]);

  const ready = key !== null && state.key === key;
  const dirty = ready && base !== null && isDirty(values, base);
  useBusy(dirty);
  // from then on: every change is kept while it differs from the base
  useEffect(() => {
    const s = storage();
    if (!s || !ready || !key) return;
    if (dirty) writeDraft(s, key, values, Date.now(), sensitiveRef.current);
    else dropDraft(s, key);
  }, [values, dirty, ready, key]);

  const forget = () => {
    const s = storage();
    if (s && key) dropDraft(s, key);
    setState((o) => ({ ...o, restored: false, retype: false }));
  };
  return {
    restored: ready && state.restored,
    retype: ready && state.retype,
    base,
    discard: () => {
      forget();
      if (base) apply(base);
    },
    saved: forget,
  };
}
