/**
 * A thin OPFS stand-in for Node (which has none): one directory of files held in memory, with the
 * sync access handle the worker writes through. It records the largest single write, so a test can
 * tell a streamed copy from one read whole.
 */
import type { StageDir, StageFileHandle, SyncAccess } from '../staging';

const notFound = (name: string) => Object.assign(new Error(`${name}: not found`), { name: 'NotFoundError' });

export class MemoryFileHandle implements StageFileHandle {
  bytes = new Uint8Array(0);
  size = 0;
  open = false;
  largestWrite = 0;
  /** fail writes past this many bytes (the disk fills up) */
  failAt = Infinity;

  constructor(readonly name: string) {}

  async getFile(): Promise<File> {
    return new File([this.bytes.slice(0, this.size)], this.name);
  }

  async createSyncAccessHandle(): Promise<SyncAccess> {
    if (this.open) throw Object.assign(new Error('locked'), { name: 'NoModificationAllowedError' });
    this.open = true;
    return {
      write: (b, { at }) => {
        if (at + b.byteLength > this.failAt) throw Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
        this.largestWrite = Math.max(this.largestWrite, b.byteLength);
        if (at + b.byteLength > this.bytes.length) {
          const grown = new Uint8Array(Math.max(at + b.byteLength, this.bytes.length * 2));
          grown.set(this.bytes.subarray(0, this.size));
          this.bytes = grown;
        }
        this.bytes.set(b, at);
        this.size = Math.max(this.size, at + b.byteLength);
        return b.byteLength;
      },
      truncate: (n) => void (this.size = Math.min(this.size, n)),
      flush: () => {},
      close: () => void (this.open = false),
    };
  }
}

export class MemoryDir implements StageDir {
  readonly files = new Map<string, MemoryFileHandle>();

  async getFileHandle(name: string, o?: { create?: boolean }): Promise<MemoryFileHandle> {
    let f = this.files.get(name);
    if (!f) {
      if (!o?.create) throw notFound(name);
      f = new MemoryFileHandle(name);
      this.files.set(name, f);
    }
    return f;
  }

  async removeEntry(name: string): Promise<void> {
    if (!this.files.delete(name)) throw notFound(name);
  }

  async *keys(): AsyncIterable<string> {
    yield* [...this.files.keys()];
  }
}
