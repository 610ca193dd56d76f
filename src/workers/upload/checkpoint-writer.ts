/**
 * Checkpoint writes off the critical path: a part that finished marks the checkpoint dirty and the
 * next part goes out at once; one write is in flight at a time and a burst of parts becomes one
 * write of the latest state (a crash loses at most the last few parts, which ListParts brings back
 * or which are sent again). `flush` waits for everything written so far; `delete` waits, then drops.
 */
import type { Checkpoint, CheckpointStore } from './types';

export class CheckpointWriter {
  private dirty: Checkpoint | null = null;
  private writing: Promise<void> | null = null;
  /** writes done (each a put of the store) */
  writes = 0;

  constructor(private readonly store: CheckpointStore) {}

  /**
   * Queues `cp` to be written. The store takes its copy when the write starts (IndexedDB clones
   * the value as the put is issued; the memory store clones it), so `cp` may change meanwhile and
   * is not cloned twice.
   */
  save(cp: Checkpoint): Promise<void> {
    this.dirty = cp;
    if (!this.writing) this.writing = this.drain();
    return this.writing;
  }

  private async drain(): Promise<void> {
    while (this.dirty) {
      const cp = this.dirty;
      this.dirty = null;
      this.writes++;
      await this.store.put(cp).catch(() => {});
    }
    this.writing = null;
  }

  /** Resolves once every queued write is done. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** Drops a checkpoint after the writes queued before (which would bring it back otherwise). */
  async delete(key: string): Promise<void> {
    if (this.dirty?.key === key) this.dirty = null;
    await this.flush();
    await this.store.delete(key);
  }
}
