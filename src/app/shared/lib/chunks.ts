/**
 * Loading the console's lazy chunks (SPEC §2: "chunk loading has a 120 s timeout", §8: the
 * timeout gives ChunkLoadError), and recovering from a chunk that a deploy removed.
 *
 * After a deploy, a page of the previous version may ask for a file that no longer exists
 * (`vite:preloadError`, or the dynamic import failing). Loading the new version once fixes it:
 * one automatic reload, never a loop (a second failure within RECOVERY_WINDOW_MS shows the
 * ChunkLoadError with its reload button), never while offline (the offline state shows instead)
 * and never while a form has unsaved input or an upload runs (busy.ts) — then the user decides.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { isBusy } from './busy';
import { net } from './net';

export const CHUNK_TIMEOUT_MS = 120_000;
/** One automatic reload per this window; a second stale chunk inside it is shown, not reloaded. */
export const RECOVERY_WINDOW_MS = 5 * 60_000;
const RECOVERY_KEY = 'chunkReloadAt';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    readonly reason: 'timeout' | 'failed',
    options?: { cause?: unknown },
  ) {
    super(reason === 'timeout' ? `chunk loading timed out after ${CHUNK_TIMEOUT_MS / 1000} s` : 'chunk loading failed', options);
  }
}

export const isChunkLoadError = (e: unknown): e is ChunkLoadError => e instanceof Error && e.name === 'ChunkLoadError';

export interface RecoveryDeps {
  now: () => number;
  reload: () => void;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  offline: () => boolean;
  busy: () => boolean;
}

const browserDeps = (): RecoveryDeps => ({
  now: () => Date.now(),
  reload: () => location.reload(),
  storage: (() => {
    try {
      return sessionStorage;
    } catch {
      return null;
    }
  })(),
  offline: () => net.offline || (typeof navigator !== 'undefined' && navigator.onLine === false),
  busy: isBusy,
});

let reloading = false;

/**
 * A chunk could not be loaded: reload into the new version if that is allowed now. True when a
 * reload is under way (the caller keeps waiting), false when the caller shows the error.
 */
export function recoverFromStaleChunk(deps: RecoveryDeps = browserDeps()): boolean {
  if (reloading) return true;
  if (deps.offline() || deps.busy()) return false;
  const last = Number(deps.storage?.getItem(RECOVERY_KEY) ?? 0);
  if (last && deps.now() - last < RECOVERY_WINDOW_MS) return false;
  // without storage there is no way to know we already tried: do not risk a loop
  if (!deps.storage) return false;
  deps.storage.setItem(RECOVERY_KEY, String(deps.now()));
  reloading = true;
  deps.reload();
  return true;
}

/** Tests: forget an automatic reload in progress. */
export function resetChunkRecovery(): void {
  reloading = false;
}

/**
 * `load()` with the 120 s timeout; a failure that a reload can fix starts that reload and keeps
 * the loader up, anything else rejects with ChunkLoadError.
 */
export function loadChunk<T>(load: () => Promise<T>, opts: { timeoutMs?: number; recover?: () => boolean } = {}): Promise<T> {
  const { timeoutMs = CHUNK_TIMEOUT_MS, recover = () => recoverFromStaleChunk() } = opts;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (mod) => {
        clearTimeout(timer);
        // a prevented vite:preloadError resolves the import with nothing: a reload is under way
        if (mod == null && recover()) return;
        if (mod == null) reject(new ChunkLoadError('failed'));
        else resolve(mod);
      },
      (error: unknown) => {
        clearTimeout(timer);
        // the page is being reloaded into the new version: keep the loader until it goes
        if (recover()) return;
        reject(new ChunkLoadError('failed', { cause: error }));
      },
    );
  });
}

/** React.lazy over loadChunk: the route table's and the shell's lazy parts. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy
export function lazyChunk<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => loadChunk(load));
}

/**
 * Vite's `vite:preloadError` (a preloaded dependency of a lazy chunk is gone): reload once into
 * the new version when allowed; otherwise let the import fail into the ChunkLoadError display.
 */
export function watchPreloadErrors(target: Window = window): () => void {
  const handler = (event: Event) => {
    if (recoverFromStaleChunk()) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', handler);
  return () => target.removeEventListener('vite:preloadError', handler);
}
