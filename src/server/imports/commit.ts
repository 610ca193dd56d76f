/**
 * Phase 2 of an import: all rows in one transaction or none. The batch id is the idempotency key:
 * only a 待确认 batch is claimed (atomically, → 导入中); a second commit of an imported batch writes
 * nothing and answers it as it is. A server that dies between the claim and the commit leaves the
 * batch to the import-recover job (jobs/imports.ts).
 */
import type { ImportBatch } from '../../contract/imports';
import type { Db } from '../db/types';
import { MSG_IMPORT_COMMIT_PURGED } from '../domain/accounts/retention-rules';
import type { AuthInfo } from '../domain/users';
import { conflict } from '../lib/refusal';
import { batchIssues, loadBatch, openJson, ownBatch, sealJson, toBatch } from './batches';
import { importCompany, importTypeOf, serverImportType } from './registry';

/** A unique violation of PostgreSQL (pg and PGlite both carry the SQLSTATE as `code`). */
const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';

/**
 * Commits batch `id` of the company; the caller must also pass its type's gate (the tax flag for
 * `tax`). `again`: the batch was imported before and nothing was written. `log` gets an unexpected
 * failure's message (never row values).
 */
export async function commitBatch(
  db: Db,
  auth: AuthInfo,
  companyId: number,
  id: number,
  o: { now: Date; ip: string; log: (err: string) => void },
): Promise<{ batch: ImportBatch; again: boolean }> {
  const { now } = o;
  const b = await ownBatch(db, id, companyId);
  importCompany(auth, now, importTypeOf(b.type));
  const claimed = await db.one<{ rows_enc: string | null }>(
    `UPDATE import_batches SET status = 'importing', claimed_at = $2 WHERE id = $1 AND status = 'pending' RETURNING rows_enc`,
    [b.id, now],
  );
  if (!claimed) {
    if (b.status === 'success') return { batch: toBatch(b), again: true };
    if (b.status === 'importing' || b.status === 'validating') throw conflict('该批次正在处理中，请稍后刷新');
    if (b.file_purged_at) throw conflict(MSG_IMPORT_COMMIT_PURGED);
    throw conflict('该批次校验未通过，不能导入，请下载错误数据修正后重新上传');
  }
  const st = serverImportType(importTypeOf(b.type));
  const { rows, rowNos } = openJson<{ rows: unknown[]; rowNos: number[] }>(claimed.rows_enc, { rows: [], rowNos: [] });
  try {
    await db.tx(async (tx) => {
      // held until the commit ends: the import-recover job (jobs/imports.ts) skips a batch in work
      await tx.query('SELECT id FROM import_batches WHERE id = $1 FOR UPDATE', [b.id]);
      const n = await st.commit(tx, companyId, b.id, rows, auth.user.id, { now, ip: o.ip });
      await tx.query(`UPDATE import_batches SET status = 'success', imported_count = $2, committed_at = $3, rows_enc = NULL, message = '' WHERE id = $1`, [
        b.id,
        n,
        now,
      ]);
    });
  } catch (e) {
    // nothing was written; say which rows collide with records stored since the validation
    let msg = '导入失败，未写入任何数据，请稍后重试';
    let issues = await batchIssues(db, b.id);
    if (isUniqueViolation(e)) {
      const exists = await st.existing(db, companyId, rows);
      const dupHeader = st.def.columns.find((c) => c.key === st.def.dupColumn)!.header;
      const clash = rows.map((r, i) => ({ r, i })).filter(({ r }) => exists.has(st.def.dupKey(r)));
      msg = `导入失败：${clash.length || '部分'} 条数据与已有${st.def.entity}重复，未写入任何数据，请修正后重新上传`;
      issues = [
        ...issues,
        ...clash.map(({ i }) => ({
          row: rowNos[i] ?? 0,
          col: dupHeader,
          raw: '',
          msg: `与已有${st.def.entity}重复（${st.def.dupLabel}相同）`,
          level: 'error' as const,
        })),
      ];
    } else {
      o.log(e instanceof Error ? e.message : String(e));
    }
    await db.query(`UPDATE import_batches SET status = 'failed', message = $2, issues_enc = $3, fail_count = $4 WHERE id = $1`, [
      b.id,
      msg,
      issues.length ? sealJson(issues) : null,
      new Set(issues.filter((i) => i.level === 'error').map((i) => i.row)).size,
    ]);
    throw conflict(msg);
  }
  return { batch: await loadBatch(db, b.id), again: false };
}
