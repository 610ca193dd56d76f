/**
 * `useDraftForm`: the state of a long form that starts blank (new) or from a saved object (`?id=`,
 * loaded from the server), with its draft kept by `useLateDraft` (draft.ts) under
 * `<form>Draft:<user>:<id | new>` — a kept draft is given back (with a toast) once the starting
 * values are known, every change is kept while it differs from them, unsaved input holds off
 * reloads. Shared by the position form and the task form.
 */
import { useEffect, useRef, useState } from 'react';
import { toast } from '../lib/notify';
import { useLateDraft } from './draft';

export interface DraftForm<T> {
  /** the starting values (blank, the loaded object, or what was last saved); null while loading */
  base: T | null;
  values: T;
  /** changes some fields */
  set: (patch: Partial<T>) => void;
  /** the form was filled from a kept draft (清空 is offered) */
  restored: boolean;
  /** 清空: forget the draft and go back to `base` */
  discard: () => void;
  /** the form was saved as it is now: forget the draft; what was saved is the new `base` */
  saved: () => void;
}

export function useDraftForm<T extends object>(opts: {
  /** the draft's name (`task`, `position`) */
  form: string;
  /** the object edited, null for a new one */
  id: number | null;
  blank: T;
  /** the saved object's values */
  load: (id: number) => Promise<T>;
  /** the object could not be loaded (missing, another company's) */
  onLoadFailed: () => void;
  /** the toast when a kept draft is given back */
  restoredMessage: string;
}): DraftForm<T> {
  const { form, id, blank } = opts;
  // the starting values and the object they belong to; while another object loads, the draft
  // waits (it is read against the new object's values once they are here)
  const [loaded, setLoaded] = useState<{ id: number | null; base: T } | null>(id ? null : { id: null, base: blank });
  const [values, setValues] = useState<T>(blank);
  const latest = useRef(opts);
  latest.current = opts;

  // (before useLateDraft: its kept draft is applied after these starting values, in the same commit)
  useEffect(() => {
    let alive = true;
    const start = (b: T) => {
      setLoaded({ id, base: b });
      setValues(b);
    };
    if (!id) start(latest.current.blank);
    else
      latest.current.load(id).then(
        (b) => alive && start(b),
        () => alive && latest.current.onLoadFailed(),
      );
    return () => {
      alive = false;
    };
  }, [id]);

  const current = loaded && loaded.id === id ? loaded.base : null;
  const draft = useLateDraft<T>(form, id ?? 'new', current, values, setValues);

  useEffect(() => {
    if (draft.restored) toast('info', latest.current.restoredMessage);
  }, [draft.restored]);

  return {
    base: loaded?.base ?? null,
    values,
    set: (patch) => setValues((v) => ({ ...v, ...patch })),
    restored: draft.restored,
    discard: draft.discard,
    saved: () => {
      draft.saved();
      setLoaded({ id, base: values });
    },
  };
}
