/** CRC points of the departure area (SPEC §3 configure; docs/decisions.md): spent on 同意, earned by records. */
import { Code } from '../../../contract/codes';
import type { Db } from '../../db/types';
import { Refusal } from '../../lib/refusal';

export const MSG_NO_CRC = 'CRC积分不足，是否前往充值/开通会员？';

async function crcValue(db: Db, key: string): Promise<number> {
  return (await db.one<{ value: number }>('SELECT value FROM crc_configure WHERE key = $1', [key]))?.value ?? 0;
}
async function crcMove(db: Db, companyId: number, delta: number, reason: string, ref: string, now: Date): Promise<void> {
  if (delta === 0) return;
  const row = await db.one<{ crc_balance: number }>(
    'UPDATE companies SET crc_balance = crc_balance + $2 WHERE id = $1 AND crc_balance + $2 >= 0 RETURNING crc_balance',
    [companyId, delta],
  );
  if (!row) throw new Refusal(Code.FORBIDDEN, MSG_NO_CRC);
  await db.query('INSERT INTO crc_ledger (company_id, delta, balance_after, reason, ref, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    companyId,
    delta,
    row.crc_balance,
    reason,
    ref,
    now,
  ]);
}
/** op_leave: processing a departure online (同意 a resignation request) costs CRC. */
export async function spendOpLeave(db: Db, companyId: number, requestId: number, now: Date): Promise<void> {
  await crcMove(db, companyId, -(await crcValue(db, 'op_leave')), '办理离职', `LZSQ${requestId}`, now);
}
/**
 * A departure record earns company_staff_leave_1 when HR creates it (request or manual); its first
 * issued proof raises what the record earned to company_staff_leave_2. Imported records earn on
 * their first proof only (an import of old departures is not a new record of HR's work).
 */
export async function earnForRecord(db: Db, companyId: number, recordId: number, withProof: boolean, now: Date): Promise<void> {
  const ref = `LZJL${recordId}`;
  const earned = (await db.one<{ n: number }>('SELECT coalesce(sum(delta), 0)::int AS n FROM crc_ledger WHERE company_id = $1 AND ref = $2', [companyId, ref]))!
    .n;
  const target = await crcValue(db, withProof ? 'company_staff_leave_2' : 'company_staff_leave_1');
  if (target > earned) await crcMove(db, companyId, target - earned, withProof ? '员工离职记录（含离职证明）' : '员工离职记录（普通）', ref, now);
}
