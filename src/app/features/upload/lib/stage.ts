/**
 * The page's side of staged copies (workers/upload/staging.ts): whether this browser needs and
 * can have them, the user's choice (kept in localStorage; a preference, no personal data), and the
 * storage facts the setting shows (free space, what the copies take now).
 */
import { STAGE_DIR, stagedBytes, type StageDir } from '../../../../workers/upload/stage-dir';
import { canUseFilePicker } from './pick';

export const STAGE_PREF_KEY = 'upload_stage_copy';

interface StorageLike {
  getDirectory?: () => Promise<unknown>;
  estimate?: () => Promise<{ quota?: number; usage?: number }>;
  persist?: () => Promise<boolean>;
}
const storage = (): StorageLike | undefined => (typeof navigator === 'undefined' ? undefined : (navigator.storage as StorageLike | undefined));

/**
 * The setting is offered where a reload would otherwise ask for the file again (no file picker
 * handle to keep) and the browser has the origin-private file system.
 */
export function stagingOffered(pickerHere = canUseFilePicker()): boolean {
  return !pickerHere && typeof storage()?.getDirectory === 'function';
}

export function readStagePref(): boolean {
  try {
    return localStorage.getItem(STAGE_PREF_KEY) === '1';
  } catch {
    return false;
  }
}

export function writeStagePref(on: boolean): void {
  try {
    if (on) localStorage.setItem(STAGE_PREF_KEY, '1');
    else localStorage.removeItem(STAGE_PREF_KEY);
  } catch {
    // private mode: the choice lasts this page only
  }
  // ask the browser not to evict the copies under storage pressure (best effort)
  if (on)
    void storage()
      ?.persist?.()
      .catch(() => false);
}

/** The staging directory, when it exists (never made from the page). */
async function stageDir(): Promise<StageDir | null> {
  const s = storage();
  if (typeof s?.getDirectory !== 'function') return null;
  try {
    const root = (await s.getDirectory()) as { getDirectoryHandle(n: string): Promise<unknown> };
    return (await root.getDirectoryHandle(STAGE_DIR)) as StageDir;
  } catch {
    return null;
  }
}

/** Free space the quota leaves (null: unknown) and the bytes staged copies take now. */
export async function storageFacts(): Promise<{ free: number | null; staged: number }> {
  const s = storage();
  let free: number | null = null;
  try {
    const e = await s?.estimate?.();
    if (e && typeof e.quota === 'number') free = Math.max(0, e.quota - (e.usage ?? 0));
  } catch {
    free = null;
  }
  return { free, staged: await stagedBytes(await stageDir()).catch(() => 0) };
}

/** Whether staged copies are left from an earlier page (the worker then starts and cleans up). */
export async function anyStaged(): Promise<boolean> {
  const dir = await stageDir();
  if (!dir) return false;
  try {
    for await (const name of dir.keys()) if (name) return true;
  } catch {
    return false;
  }
  return false;
}
