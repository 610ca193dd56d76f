import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStagePref, STAGE_PREF_KEY, stagingOffered, writeStagePref } from './stage';

afterEach(() => {
  localStorage.removeItem(STAGE_PREF_KEY);
  vi.unstubAllGlobals();
});

describe('the staged-copy setting', () => {
  it('is offered only where no file picker keeps a handle and the browser has OPFS', () => {
    vi.stubGlobal('navigator', { ...navigator, storage: { getDirectory: async () => ({}) } });
    expect(stagingOffered(false)).toBe(true);
    expect(stagingOffered(true)).toBe(false);
    vi.stubGlobal('navigator', { ...navigator, storage: {} });
    expect(stagingOffered(false)).toBe(false);
  });

  it('remembers the choice and asks the browser to keep the copies', () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { ...navigator, storage: { persist } });
    expect(readStagePref()).toBe(false);
    writeStagePref(true);
    expect(readStagePref()).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
    writeStagePref(false);
    expect(readStagePref()).toBe(false);
    expect(localStorage.getItem(STAGE_PREF_KEY)).toBeNull();
  });
});
