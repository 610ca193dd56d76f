/**
 * The log's way to stdout: lines gathered and written at most every `flushMs` (or once `maxBytes`
 * are waiting) instead of one write per line. The access log writes two lines per request; written
 * one by one on a loaded machine they cost a third of usercenter/info's throughput (bench/api.bench.ts,
 * LOG_LEVEL=info against warn). Whatever is waiting is written synchronously when the process exits,
 * also after an uncaught exception; a SIGKILL loses at most `flushMs` of lines.
 */
import { writeSync } from 'node:fs';

export interface LogStream {
  write(chunk: string): boolean;
  /** writes what is waiting now (synchronously) */
  flushSync(): void;
}

export function bufferedStdout(opts: { fd?: number; flushMs?: number; maxBytes?: number } = {}): LogStream {
  const fd = opts.fd ?? 1;
  const flushMs = opts.flushMs ?? 50;
  const maxBytes = opts.maxBytes ?? 64 * 1024;
  let parts: string[] = [];
  let bytes = 0;
  let timer: NodeJS.Timeout | null = null;
  const flushSync = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (parts.length === 0) return;
    const text = parts.join('');
    parts = [];
    bytes = 0;
    let buf = Buffer.from(text, 'utf8');
    // a pipe may take part of it (EAGAIN): keep writing the rest
    while (buf.length > 0) {
      try {
        buf = buf.subarray(writeSync(fd, buf));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      }
    }
  };
  process.on('exit', flushSync);
  return {
    write(chunk: string) {
      parts.push(chunk);
      bytes += chunk.length;
      if (bytes >= maxBytes) flushSync();
      else if (!timer) timer = setTimeout(flushSync, flushMs).unref();
      return true;
    },
    flushSync,
  };
}
