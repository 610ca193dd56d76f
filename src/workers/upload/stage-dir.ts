/**
 * The staged copies' directory in OPFS as data: its name, the few calls used, the record kept
 * beside a checkpoint, and what the copies take. No hashing here, so the page can read it cheaply
 * (the setting's hint); the copying itself is staging.ts, in the worker.
 */
export const STAGE_DIR = 'hr-upload-staging';
/** kept free beside a copy (checkpoints, the browser's own use of the origin's storage) */
export const STAGE_RESERVE = 16 * 1024 * 1024;

/** The few OPFS calls the copies use (FileSystemDirectoryHandle / FileSystemFileHandle). */
export interface StageDir {
  getFileHandle(name: string, o?: { create?: boolean }): Promise<StageFileHandle>;
  removeEntry(name: string): Promise<void>;
  keys(): AsyncIterable<string>;
}
export interface StageFileHandle {
  getFile(): Promise<File>;
  /** dedicated workers, every browser with OPFS */
  createSyncAccessHandle?(): Promise<SyncAccess>;
  /** Chromium and Firefox (also outside workers) */
  createWritable?(o?: { keepExistingData?: boolean }): Promise<WritableStream<Uint8Array>>;
}
export interface SyncAccess {
  write(b: Uint8Array, o: { at: number }): number;
  truncate(size: number): void;
  flush(): void;
  close(): void;
}

/** What the checkpoint store's `files` row holds for a whole staged copy. */
export interface StagedRecord {
  opfs: typeof STAGE_DIR;
  size: number;
}
export const isStagedRecord = (v: unknown): v is StagedRecord =>
  !!v && typeof v === 'object' && (v as StagedRecord).opfs === STAGE_DIR && typeof (v as StagedRecord).size === 'number';

/** Bytes the staged copies take now (for the setting's hint). */
export async function stagedBytes(dir: StageDir | null): Promise<number> {
  if (!dir) return 0;
  let n = 0;
  for await (const name of dir.keys()) {
    try {
      n += (await (await dir.getFileHandle(name)).getFile()).size;
    } catch {
      // removed meanwhile
    }
  }
  return n;
}
