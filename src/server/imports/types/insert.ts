import type { Db } from '../../db/types';

/** Multi-row INSERTs in chunks (one statement per `chunk` rows); answers the rows written. */
export async function insertMany(tx: Db, table: string, cols: readonly string[], rows: unknown[][], chunk = 400): Promise<number> {
  let n = 0;
  for (let at = 0; at < rows.length; at += chunk) {
    const part = rows.slice(at, at + chunk);
    const args: unknown[] = [];
    const values = part.map((r) => `(${r.map((v) => (args.push(v), `$${args.length}`)).join(', ')})`);
    await tx.query(`INSERT INTO ${table} (${cols.join(', ')}) VALUES ${values.join(', ')}`, args);
    n += part.length;
  }
  return n;
}
