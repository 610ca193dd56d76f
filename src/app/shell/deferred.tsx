/**
 * Parts of the layout that only matter once the user opens them (the user menu, the 面试安排
 * popover, the nav's 更多 menu): their code (Fluent Menu/Popover, floating-ui, Tabster) is not needed to paint the
 * layout, so it loads when the browser is idle after the first paint, or at once when the user
 * points at, focuses or clicks the trigger — whichever comes first. Until then the layout shows a
 * trigger that looks the same (docs/decisions.md, "Layout weight").
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type DOMAttributes,
  type ReactElement,
  type Ref,
  type RefObject,
} from 'react';
import { loadChunk } from '../shared/lib/chunks';
import { afterFirstPaint } from '../shared/lib/painted';

export interface Deferred<T> {
  /** the module once loaded */
  value: T | undefined;
  /** load it (one request however often called); `user` says a person is waiting for it */
  load(user?: boolean): Promise<T>;
}

export function deferred<T>(importer: () => Promise<T>): Deferred<T> {
  let pending: Promise<T> | null = null;
  const d: Deferred<T> = {
    value: undefined,
    load(user = false) {
      // a person waiting gets the chunk rules (120 s timeout, stale-chunk recovery); an idle
      // prefetch that fails is simply tried again on the next interaction
      pending ??= (user ? loadChunk(importer) : importer()).then(
        (mod) => (d.value = mod),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
  return d;
}

// after the first page has painted (issue 17: not part of the first paint's bytes)
const whenIdle = (run: () => void): (() => void) => afterFirstPaint(run);

/**
 * The deferred module (undefined until it has loaded) and `load(user)` for the trigger's
 * pointer, focus and click handlers. Loading also starts when the browser is idle.
 */
function useDeferred<T>(d: Deferred<T>): [T | undefined, (user?: boolean) => void] {
  const [value, setValue] = useState<T | undefined>(() => d.value);
  const load = useCallback(
    (user = false) => {
      d.load(user).then(setValue, () => {
        // idle prefetch failed, or ChunkLoadError after a click: the trigger stays and works again
      });
    },
    [d],
  );
  useEffect(() => (value ? undefined : whenIdle(() => load(false))), [value, load]);
  return [value, load];
}

export type TriggerHandlers = Pick<DOMAttributes<HTMLButtonElement>, 'onPointerEnter' | 'onPointerDown' | 'onFocus' | 'onBlur' | 'onClick'>;

/** What a deferred dropdown module's default export takes from the component that painted its trigger. */
export interface DeferredDropdownProps {
  /** the painted trigger button, rendered again inside the dropdown with the dropdown's ref */
  trigger: (ref: Ref<HTMLButtonElement>) => ReactElement;
  open: boolean;
  /** asks to open or close (the owner may refuse: the members-only check) */
  onOpenChange: (open: boolean) => void;
  /** the painted trigger had focus when the dropdown replaced it */
  focusTrigger: boolean;
}

/**
 * The dropdown's trigger ref; it takes the focus on mount when the painted trigger had it, in the
 * same task as the swap (a layout effect): with a passive effect the focus sat on <body> for a
 * frame, and an Enter pressed then was lost (the keyboard e2e, once in CI).
 */
export function useTriggerFocus(focusTrigger: boolean): RefObject<HTMLButtonElement | null> {
  const ref = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (focusTrigger) ref.current?.focus();
  }, [focusTrigger]);
  return ref;
}

/**
 * Whether a pointer is held on the painted trigger. It counts as released after the release's
 * click has run (a task later), so the click reaches the painted trigger, not its replacement.
 */
function usePress(): { down: boolean; start: () => void } {
  const [down, setDown] = useState(false);
  useEffect(() => {
    if (!down) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const release = () => (timer = setTimeout(() => setDown(false)));
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
    };
  }, [down]);
  return { down, start: useCallback(() => setDown(true), []) };
}

/**
 * A deferred dropdown: until its module has loaded, the painted trigger; pointing at or focusing
 * it loads the module, a click asks to open (`onOpenChange(true)`, which the owner may refuse)
 * and loads it with a person waiting. When the module replaces the painted trigger it gives the
 * focus back to its own trigger if the painted one had it.
 */
export function DeferredDropdown<P extends object = object>({
  module,
  trigger,
  open,
  onOpenChange,
  props,
}: {
  module: Deferred<{ default: ComponentType<DeferredDropdownProps & P> }>;
  /** the trigger button; `extra` are the painted trigger's handlers */
  trigger: (ref?: Ref<HTMLButtonElement>, extra?: TriggerHandlers) => ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** what else the dropdown module takes (the 更多 menu: the nav entries) */
  props?: P;
}) {
  const [mod, load] = useDeferred(module);
  const [focused, setFocused] = useState(false);
  const pressed = usePress();
  // never swap the trigger while a button is held on it: a module that arrived between the
  // press and the release would take the release, and the click would be lost (seen in CI)
  if (mod && !pressed.down) {
    const Dropdown = mod.default as ComponentType<DeferredDropdownProps>;
    return <Dropdown {...props} trigger={trigger} open={open} onOpenChange={onOpenChange} focusTrigger={focused} />;
  }
  return trigger(undefined, {
    onPointerEnter: () => load(),
    onPointerDown: pressed.start,
    onFocus: () => (setFocused(true), load()),
    onBlur: () => setFocused(false),
    onClick: () => (onOpenChange(true), load(true)),
  });
}
