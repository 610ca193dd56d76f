import type { Db } from '../../src/server/db/types';
import { insertMany } from '../../src/server/imports/types/insert';

/**
 * n flexible workers of a company written directly (placeholder sealed values: the payout benches
 * measure batches and results, not the sealing); answers their ids in order.
 */
export async function benchWorkers(db: Db, companyId: number, n: number, tag: string): Promise<number[]> {
  const rows = Array.from({ length: n }, (_, i) => [
    companyId,
    `工人${i}`,
    `enc${tag}${i}`,
    `bidx${tag}${i}`,
    '138****0000',
    `cenc${tag}${i}`,
    `cbidx${tag}${i}`,
    '110105********1234',
  ]);
  await insertMany(
    db,
    'flex_workers',
    [
      ['company_id', 'int'],
      ['name', 'text'],
      ['mobile_enc', 'text'],
      ['mobile_bidx', 'text'],
      ['mobile_mask', 'text'],
      ['cert_no_enc', 'text'],
      ['cert_no_bidx', 'text'],
      ['cert_no_mask', 'text'],
    ],
    rows,
  );
  return (
    await db.query<{ id: number }>(`SELECT id FROM flex_workers WHERE company_id = $1 AND cert_no_bidx LIKE $2 ORDER BY id`, [companyId, `cbidx${tag}%`])
  ).map((r) => r.id);
}
