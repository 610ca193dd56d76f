/**
 * `useFormDraft(form, objectId, initial)`: `useState` for a long form's values that also keeps a
 * draft (shared/lib/draft.ts) per user, form and object — it survives a gating prompt, a session
 * expiry (410000 → login → back here, filled) and a reload, and holds off unasked reloads while
 * there is unsaved input (busy.ts). `saved()` after a successful save and `discard()` (清空)
 * remove it. Every long form uses this one hook; the values must be a plain JSON object.
 */
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useSnapshot } from 'valtio';
import { clearDraft, formDraftKey, isDirty, readDraft, saveDraft } from '../lib/draft';
import { session } from '../session';
import { useBusy } from './busy';

export interface FormDraft {
  /** the form was filled from a kept draft */
  restored: boolean;
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
): [T, Dispatch<SetStateAction<T>>, FormDraft] {
  const { user } = useSnapshot(session);
  const key = formDraftKey(form, user?.id ?? 0, objectId);
  const [restoredValues] = useState(() => {
    const s = storage();
    const d = s ? readDraft(s, key, Date.now(), initial) : null;
    return d && isDirty(d, initial) ? d : null;
  });
  const [values, setValues] = useState<T>(restoredValues ?? initial);
  const [restored, setRestored] = useState(restoredValues !== null);
  const touched = useRef(false);
  const dirty = isDirty(values, initial);
  useBusy(dirty);

  useEffect(() => {
    const s = storage();
    if (!s || !touched.current) return;
    if (dirty) saveDraft(s, key, values, Date.now());
    else clearDraft(s, key);
  }, [values, dirty, key]);

  const set: Dispatch<SetStateAction<T>> = (next) => {
    touched.current = true;
    setValues(next);
  };
  const forget = () => {
    const s = storage();
    if (s) clearDraft(s, key);
    touched.current = false;
    setRestored(false);
  };
  return [
    values,
    set,
    {
      restored,
      discard: () => {
        forget();
        setValues(initial);
      },
      saved: forget,
    },
  ];
}
