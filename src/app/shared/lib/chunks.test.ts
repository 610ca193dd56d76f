import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_TIMEOUT_MS,
  isChunkLoadError,
  loadChunk,
  recoverFromStaleChunk,
  resetChunkRecovery,
  RECOVERY_WINDOW_MS,
  type ChunkLoadError,
  type RecoveryDeps,
} from './chunks';

afterEach(() => {
  vi.useRealTimers();
  resetChunkRecovery();
});

function deps(over: Partial<RecoveryDeps> = {}): RecoveryDeps & { reloads: number; store: Map<string, string> } {
  const store = new Map<string, string>();
  const d = {
    reloads: 0,
    store,
    now: () => 1_000_000,
    reload: () => {
      d.reloads++;
    },
    storage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    offline: () => false,
    busy: () => false,
    ...over,
  };
  return d;
}

describe('loadChunk (SPEC §2: 120 s chunk timeout → ChunkLoadError)', () => {
  beforeEach(() => vi.useFakeTimers());

  it('resolves with the module when it comes in time', async () => {
    const mod = { default: () => null };
    await expect(loadChunk(() => Promise.resolve(mod))).resolves.toBe(mod);
  });

  it('rejects with ChunkLoadError(timeout) after 120 s, not before', async () => {
    const p = loadChunk(() => new Promise(() => {}), { recover: () => false });
    const caught = p.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void p.then(
      () => (settled = true),
      () => (settled = true),
    );
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = await caught;
    expect(isChunkLoadError(e)).toBe(true);
    expect((e as ChunkLoadError).reason).toBe('timeout');
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('a failed import that a reload can fix keeps waiting (the page reloads)', async () => {
    let asked = 0;
    const p = loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), {
      recover: () => (++asked, true),
      timeoutMs: 10,
    });
    let settled = false;
    void p.then(
      () => (settled = true),
      () => (settled = true),
    );
    await vi.advanceTimersByTimeAsync(50);
    expect(asked).toBe(1);
    expect(settled).toBe(false);
  });

  it('a failed import that cannot be recovered is a ChunkLoadError(failed) with the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const e = await loadChunk(() => Promise.reject(cause), { recover: () => false }).catch((x: unknown) => x);
    expect(isChunkLoadError(e)).toBe(true);
    expect((e as ChunkLoadError).reason).toBe('failed');
    expect((e as ChunkLoadError).cause).toBe(cause);
  });

  it('an import resolved with nothing (a prevented vite:preloadError) is a failure too', async () => {
    const e = await loadChunk(() => Promise.resolve(undefined), { recover: () => false }).catch((x: unknown) => x);
    expect(isChunkLoadError(e)).toBe(true);
  });
});

describe('recoverFromStaleChunk: reload into the new version once, never a loop', () => {
  it('reloads once and remembers it; a second failure is shown, not reloaded', () => {
    const d = deps();
    expect(recoverFromStaleChunk(d)).toBe(true);
    expect(d.reloads).toBe(1);
    // the page reloads; its new module state is fresh, the session storage is not
    resetChunkRecovery();
    expect(recoverFromStaleChunk(d)).toBe(false);
    expect(d.reloads).toBe(1);
  });

  it('while the reload is under way, every other failing chunk just waits', () => {
    const d = deps();
    expect(recoverFromStaleChunk(d)).toBe(true);
    expect(recoverFromStaleChunk(d)).toBe(true);
    expect(d.reloads).toBe(1);
  });

  it('after the recovery window another deploy may recover again', () => {
    let now = 1_000_000;
    const d = deps({ now: () => now });
    expect(recoverFromStaleChunk(d)).toBe(true);
    resetChunkRecovery();
    now += RECOVERY_WINDOW_MS + 1;
    expect(recoverFromStaleChunk(d)).toBe(true);
    expect(d.reloads).toBe(2);
  });

  it('never while offline, never while a form has unsaved input or an upload runs, never without storage', () => {
    for (const d of [deps({ offline: () => true }), deps({ busy: () => true }), deps({ storage: null })]) {
      expect(recoverFromStaleChunk(d)).toBe(false);
      expect(d.reloads).toBe(0);
    }
  });
});
