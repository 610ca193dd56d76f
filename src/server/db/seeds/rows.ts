import type { Db } from '../types';

/** Multi-row INSERT in chunks ($n placeholders): one round trip per 200 rows keeps the seed fast. */
export async function insertRows(db: Db, head: string, rows: unknown[][], tail = '') {
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    const params: unknown[] = [];
    const values = chunk.map((r) => `(${r.map((v) => (params.push(v), `$${params.length}`)).join(',')})`).join(',');
    await db.query(`${head} VALUES ${values} ${tail}`, params);
  }
}
