/**
 * Checkpoints in IndexedDB (idb): a versioned schema, an expiry index, and the guard against
 * another tab upgrading the database (close on `versionchange`, reopen on next use).
 * Also keeps persisted file handles so a reload can resume without picking the file again.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Checkpoint, CheckpointStore } from './types';
import { packCheckpoint, unpackCheckpoint, type StoredCheckpoint } from './checkpoint-codec';

export const DB_NAME = 'hr-console-upload';
export const DB_VERSION = 1;

interface UploadDb extends DBSchema {
  /** finished parts packed into a string (checkpoint-codec.ts) */
  checkpoints: { key: string; value: StoredCheckpoint; indexes: { expiresAt: number } };
  /** fingerprint → a FileSystemFileHandle (or a staged Blob) to read the file after a reload */
  files: { key: string; value: { key: string; file: unknown; expiresAt: number } };
}

export class IdbCheckpointStore implements CheckpointStore {
  private db: Promise<IDBPDatabase<UploadDb>> | null = null;
  /** the database once open (a put then starts synchronously) */
  private opened: IDBPDatabase<UploadDb> | null = null;

  constructor(private readonly name = DB_NAME) {}

  private open(): Promise<IDBPDatabase<UploadDb>> {
    if (!this.db) {
      const p = openDB<UploadDb>(this.name, DB_VERSION, {
        upgrade(db, oldVersion) {
          if (oldVersion < 1) {
            const cps = db.createObjectStore('checkpoints', { keyPath: 'key' });
            cps.createIndex('expiresAt', 'expiresAt');
            db.createObjectStore('files', { keyPath: 'key' });
          }
        },
        blocking: () => {
          // another tab wants a newer schema: let it, reopen on our next call
          void p.then((d) => d.close());
          this.db = null;
          this.opened = null;
        },
      });
      this.db = p;
      p.then(
        (d) => {
          if (this.db === p) this.opened = d;
        },
        () => {
          this.db = null;
        },
      );
    }
    return this.db;
  }

  async get(key: string) {
    const v = await (await this.open()).get('checkpoints', key);
    return v && unpackCheckpoint(v);
  }
  /** Takes its copy at once (packed, then cloned by IndexedDB when the put is issued). */
  async put(cp: Checkpoint) {
    const v = packCheckpoint(cp);
    await (this.opened ?? (await this.open())).put('checkpoints', v);
  }
  async delete(key: string) {
    const db = await this.open();
    const tx = db.transaction(['checkpoints', 'files'], 'readwrite');
    await Promise.all([tx.objectStore('checkpoints').delete(key), tx.objectStore('files').delete(key), tx.done]);
  }
  async list() {
    return (await (await this.open()).getAll('checkpoints')).map(unpackCheckpoint);
  }
  async purgeExpired(now: number) {
    const db = await this.open();
    const tx = db.transaction(['checkpoints', 'files'], 'readwrite');
    let n = 0;
    let cur = await tx.objectStore('checkpoints').index('expiresAt').openCursor(IDBKeyRange.upperBound(now));
    while (cur) {
      await tx.objectStore('files').delete(cur.primaryKey);
      await cur.delete();
      n++;
      cur = await cur.continue();
    }
    let f = await tx.objectStore('files').openCursor();
    while (f) {
      if (f.value.expiresAt <= now) await f.delete();
      f = await f.continue();
    }
    await tx.done;
    return n;
  }

  /** Persist what reads the file again after a reload (a file handle, or a staged copy). */
  async putFile(key: string, file: unknown, expiresAt: number) {
    await (await this.open()).put('files', { key, file, expiresAt });
  }
  async getFile(key: string): Promise<unknown> {
    return (await (await this.open()).get('files', key))?.file;
  }

  close() {
    this.opened = null;
    void this.db?.then((d) => d.close());
    this.db = null;
  }
}

/** The same contract in memory (tests, and browsers without IndexedDB). */
export class MemoryCheckpointStore implements CheckpointStore {
  readonly map = new Map<string, StoredCheckpoint>();
  async get(key: string) {
    const v = this.map.get(key);
    return v && unpackCheckpoint(v);
  }
  async put(cp: Checkpoint) {
    this.map.set(cp.key, packCheckpoint(cp));
  }
  async delete(key: string) {
    this.map.delete(key);
  }
  async list() {
    return [...this.map.values()].map(unpackCheckpoint);
  }
  async purgeExpired(now: number) {
    let n = 0;
    for (const [k, v] of this.map) {
      if (v.expiresAt <= now) {
        this.map.delete(k);
        n++;
      }
    }
    return n;
  }
}
