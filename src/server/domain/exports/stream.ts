/**
 * Writes a claimed export as a streamed .xlsx (issue 34): keyset batches from the database, each
 * batch's rows committed into the zip, the next batch read only when the reader has taken what was
 * written (so memory holds about one batch whatever the size). The ticket's row follows the rows
 * written and says how it ended; an aborted download (the reader left, 取消) stops the reads.
 */
import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { Db } from '../../db/types';
import { streamedSheet, streamedSheetOf } from '../../lib/xlsx';
import { endTicket, ticketProgress, type ClaimedTicket } from './tickets';

export const EXPORT_BATCH = 1000;
/** the style of a cell whose column has none (one object: the writer knows it by identity) */
const NO_STYLE: Partial<ExcelJS.Style> = {};

/** One kind of export, as rows in the file's order. */
export interface ExportSource<R> {
  sheet: string;
  columns: Partial<ExcelJS.Column>[];
  /** at most `limit` rows after `after` (null: from the first) */
  batch(db: Db, after: R | null, limit: number): Promise<R[]>;
  /** before a batch's rows leave the server (the audit of whole numbers) */
  beforeWrite?(db: Db, rows: R[]): Promise<void>;
  row(r: R): Record<string, unknown>;
  /** small sheets after the streamed one (a report's 说明, the data panel's tables), made once its rows are written */
  more?(db: Db): Promise<ExtraSheet[]>;
}

/** A sheet written whole after the streamed one: its columns (with headers: a headed sheet) and rows. */
export interface ExtraSheet {
  name: string;
  columns: Partial<ExcelJS.Column>[];
  rows: unknown[][];
}

export interface RunningExport {
  stream: Readable;
  /** settles when the file is written or the work stopped (never rejects) */
  done: Promise<'done' | 'cancelled' | 'failed'>;
}

class Aborted extends Error {}

/** Resolves once `out` wants more (or throws Aborted when the reader left). */
function wantsMore(out: PassThrough, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new Aborted());
  if (!out.writableNeedDrain) return new Promise((r) => setImmediate(r));
  return new Promise((resolve, reject) => {
    const stop = () => {
      out.off('drain', go);
      reject(new Aborted());
    };
    const go = () => {
      signal.removeEventListener('abort', stop);
      resolve();
    };
    out.once('drain', go);
    signal.addEventListener('abort', stop, { once: true });
  });
}

export function runExport<R>(
  db: Db,
  ticket: ClaimedTicket,
  src: ExportSource<R>,
  signal: AbortSignal,
  clock: () => Date,
  batchSize = EXPORT_BATCH,
): RunningExport {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const { wb, ws } = streamedSheet(out, src.sheet, src.columns);
  const shared = src.columns.map((c) => (c.style && Object.keys(c.style).length ? (c.style as Partial<ExcelJS.Style>) : NO_STYLE));
  const done = (async () => {
    let n = 0;
    try {
      ws.getRow(1).commit();
      for (let after: R | null = null; ; ) {
        await wantsMore(out, signal);
        const rows = await src.batch(db, after, batchSize);
        if (signal.aborted) throw new Aborted();
        if (rows.length) {
          await src.beforeWrite?.(db, rows);
          for (const r of rows) {
            const row = ws.addRow(src.row(r));
            // each cell's own copy of its column's style would be looked up field by field as it is
            // written; the column's one object is found by identity (the same file, ~a third faster)
            row.eachCell((c, col) => (c.style = shared[col - 1] ?? NO_STYLE));
            row.commit();
          }
          n += rows.length;
          after = rows[rows.length - 1]!;
          await ticketProgress(db, ticket.id, n);
        }
        if (rows.length < batchSize) break;
      }
      ws.commit();
      for (const x of (await src.more?.(db)) ?? []) {
        await wantsMore(out, signal);
        const sheet = streamedSheetOf(wb, x.name, x.columns);
        for (const r of x.rows) sheet.addRow(r).commit();
        sheet.commit();
      }
      await wb.commit();
      await endTicket(db, ticket.id, 'done', n, clock());
      return 'done' as const;
    } catch (e) {
      const end = e instanceof Aborted || signal.aborted ? 'cancelled' : 'failed';
      out.destroy(end === 'failed' ? (e as Error) : undefined);
      await endTicket(db, ticket.id, end, n, clock()).catch(() => {});
      return end;
    }
  })();
  return { stream: out, done };
}
