/**
 * The two phases of an import called directly on a migrated, seeded database (no Fastify): the
 * commit is idempotent per batch, refuses a batch that failed validation, and a `tax` batch needs
 * the tax flag at commit time too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/setup/db';
import { dimissionImport } from '../../contract/imports';
import type { Db } from '../db/types';
import { loadCompany, USER_COLUMNS, type AuthInfo, type UserRow } from '../domain/users';
import { Refusal } from '../lib/refusal';
import { commitBatch } from './commit';
import { breakCheck, dimissionCells, makeXlsx } from './fixtures';
import { uploadBatch } from './upload';
import { mobileIndex } from '../domain/users';

let db: Db;
let auth: AuthInfo;
const now = new Date();
const ctx = { now, ip: '127.0.0.1', log: () => undefined };
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof Refusal ? { code: e.code, msg: e.message } : Promise.reject(e)),
  );
const file = async (rows: Record<string, string | number>[]) => ({ file_name: '名单.xlsx', file: (await makeXlsx(dimissionImport, rows)).toString('base64') });

beforeAll(async () => {
  db = await openTestDb();
  const user = (await db.one<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!;
  auth = { user, company: await loadCompany(db, user.company_id), tokenHash: '', pendingMembers: 0 };
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('import commit (imports layer)', () => {
  it('writes every row once; a second commit writes nothing and says so', async () => {
    const cid = auth.company!.id;
    const up = await uploadBatch(db, cid, auth.user.id, 'dimission', await file([dimissionCells(8101), dimissionCells(8102)]), now);
    expect(up.batch).toMatchObject({ status: 'pending', total: 2, ok_count: 2 });
    const first = await commitBatch(db, auth, cid, up.batch.id, ctx);
    expect(first).toMatchObject({ again: false, batch: { status: 'success', imported_count: 2 } });
    const again = await commitBatch(db, auth, cid, up.batch.id, ctx);
    expect(again).toMatchObject({ again: true, batch: { status: 'success', imported_count: 2 } });
    const n = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM departure_records WHERE import_batch_id = $1', [up.batch.id]);
    expect(n!.n).toBe(2);
  });

  it('refuses a batch that failed validation, and another company’s batch like a missing one', async () => {
    const cid = auth.company!.id;
    const bad = { ...dimissionCells(8103), 身份证号: breakCheck(String(dimissionCells(8103)['身份证号'])) };
    const up = await uploadBatch(db, cid, auth.user.id, 'dimission', await file([bad]), now);
    expect(up.batch.status).toBe('failed');
    expect(await refusal(commitBatch(db, auth, cid, up.batch.id, ctx))).toEqual({ code: 409, msg: '该批次校验未通过，不能导入，请下载错误数据修正后重新上传' });
    expect(await refusal(commitBatch(db, auth, cid + 1000, up.batch.id, ctx))).toEqual({ code: 404, msg: '导入批次不存在' });
  });

  it('a tax batch needs the tax flag when it is committed', async () => {
    const cid = auth.company!.id;
    const r = await db.one<{ id: number }>(
      `INSERT INTO import_batches (company_id, type, file_name, file_size, file_hash, file_enc, status, rows_enc, created_by)
       VALUES ($1, 'tax', 't.xlsx', 10, md5(random()::text), 'x', 'pending', NULL, $2) RETURNING id`,
      [cid, auth.user.id],
    );
    const noFlag: AuthInfo = { ...auth, company: { ...auth.company!, is_pay_taxe: false } };
    expect(await refusal(commitBatch(db, noFlag, cid, r!.id, ctx))).toEqual({ code: 403, msg: '贵公司尚未开通完税服务，请先申请开通' });
    // refused before the claim: the batch is still 待确认
    expect((await db.one<{ status: string }>('SELECT status FROM import_batches WHERE id = $1', [r!.id]))!.status).toBe('pending');
  });
});
