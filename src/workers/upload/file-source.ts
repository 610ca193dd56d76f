/**
 * Where a checkpoint's file comes from after a reload: a persisted file handle that still grants
 * reading (`showOpenFilePicker`, a dropped file in Chromium), else the staged copy in OPFS
 * (staging.ts, opt-in), else nothing — the checkpoint is listed as an item waiting for the user to
 * pick the file again (matched by fingerprint). Then staged copies nobody records are deleted.
 */
import type { UploadEngine } from './engine';
import { fingerprint } from './fingerprint';
import type { StagedCopies } from './staging';
import type { Checkpoint, CheckpointStore, MediaKind } from './types';

/** A checkpoint left by an earlier session, as the page shows it. */
export interface PendingUpload {
  id: string;
  name: string;
  size: number;
  doneBytes: number;
  updatedAt: number;
}

interface FileHandleLike {
  getFile(): Promise<File>;
  queryPermission?(o: { mode: 'read' }): Promise<PermissionState>;
}

export interface SourceStore extends CheckpointStore {
  getFile(key: string): Promise<unknown>;
  putFile(key: string, file: unknown, expiresAt: number): Promise<void>;
}

/**
 * Keeps the handle of a file picked again for a 待续传 row (the engine keeps handles of new files
 * only), so the next reload takes the file back without asking.
 */
export async function keepHandle(store: SourceStore, file: Blob, lastModified: number, kind: MediaKind, handle: unknown, expiresAt: number): Promise<void> {
  await store.putFile(await fingerprint(file, lastModified, kind), handle, expiresAt);
}

/** The file of a checkpoint through its persisted handle, when the browser still lets us read it. */
async function fromHandle(store: SourceStore, cp: Checkpoint): Promise<{ file: File; handle: FileHandleLike } | null> {
  const handle = (await store.getFile(cp.key).catch(() => undefined)) as FileHandleLike | undefined;
  if (!handle || typeof handle.getFile !== 'function') return null;
  try {
    const perm = handle.queryPermission ? await handle.queryPermission({ mode: 'read' }) : 'granted';
    if (perm === 'granted') return { file: await handle.getFile(), handle };
  } catch {
    // the file moved or changed: ask for it
  }
  return null;
}

/**
 * After a reload: every live checkpoint comes back into the engine — with its file where a handle
 * or a staged copy gives it (the upload goes on at once), else waiting for the file (answered).
 */
export async function restorePending(engine: UploadEngine, store: SourceStore, staging: StagedCopies | null, now: number): Promise<PendingUpload[]> {
  await store.purgeExpired(now).catch(() => 0);
  const cps: Checkpoint[] = await store.list().catch(() => []);
  const out: PendingUpload[] = [];
  for (const cp of cps) {
    const h = await fromHandle(store, cp);
    if (h) {
      try {
        await engine.addFile(h.file, h.file.name, h.file.lastModified, { kind: cp.kind, title: cp.title, handle: h.handle });
        continue;
      } catch {
        // changed since: ask for it
      }
    }
    const staged = staging ? await staging.open(cp) : null;
    if (staged && staging) {
      try {
        const id = await engine.addFile(staged, cp.fileName, cp.lastModified, { kind: cp.kind, title: cp.title });
        staging.adopt(id, cp.key, cp.fileSize);
        continue;
      } catch {
        // refused (queued already in this tab): listed as waiting below
      }
    }
    const id = engine.restoreCheckpoint(cp);
    out.push({ id, name: cp.fileName, size: cp.fileSize, doneBytes: cp.parts.reduce((n, p) => n + p.size, 0), updatedAt: cp.updatedAt });
  }
  await staging?.cleanOrphans().catch(() => 0);
  return out;
}
