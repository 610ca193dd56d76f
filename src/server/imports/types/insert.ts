import type { Db } from '../../db/types';

/** A column of a bulk insert and its SQL type (the array cast of unnest). */
export type Col = readonly [name: string, type: 'int' | 'text' | 'date' | 'bool' | 'timestamptz'];

/**
 * Inserts all rows with one statement per `chunk` rows: each column is sent as one array and
 * `unnest` turns them back into rows (a few parameters instead of thousands; ~30% faster than
 * multi-row VALUES on PGlite). Answers the rows written.
 */
export async function insertMany(tx: Db, table: string, cols: readonly Col[], rows: unknown[][], chunk = 5000): Promise<number> {
  const sql = `INSERT INTO ${table} (${cols.map((c) => c[0]).join(', ')})
    SELECT * FROM unnest(${cols.map((c, j) => `$${j + 1}::${c[1]}[]`).join(', ')})`;
  let n = 0;
  for (let at = 0; at < rows.length; at += chunk) {
    const part = rows.slice(at, at + chunk);
    await tx.query(
      sql,
      cols.map((_, j) => part.map((r) => r[j])),
    );
    n += part.length;
  }
  return n;
}
