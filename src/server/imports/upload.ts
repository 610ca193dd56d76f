/**
 * Phase 1 of an import: the uploaded file is stored (encrypted) and every row validated; the batch
 * ends 待确认 or 导入失败. The same file again is marked as a duplicate of the last batch of it.
 * Never logs row values.
 */
import { createHash } from 'node:crypto';
import { IMPORT_ISSUE_PAGE, IMPORT_MAX_BYTES, type ImportBatchDetail, type ImportTypeName } from '../../contract/imports';
import type { Db } from '../db/types';
import { encryptPii } from '../lib/pii';
import { badRequest } from '../lib/refusal';
import { loadBatch, sealJson } from './batches';
import { validateRows } from './pipeline';
import { serverImportType } from './registry';
import { withParseSlot } from './slots';
import { MSG_NOT_XLSX, MSG_TOO_LARGE, parseUpload } from './xlsx';

/** Decodes the base64 form field (a data URL prefix allowed); checks size and the xlsx (zip) signature. */
function decodeUpload(fileName: string, b64: string): Buffer {
  const body = b64.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body)) throw badRequest(MSG_NOT_XLSX);
  const buf = Buffer.from(body, 'base64');
  if (buf.length > IMPORT_MAX_BYTES) throw badRequest(MSG_TOO_LARGE);
  if (!/\.xlsx$/i.test(fileName) || buf.length < 4 || buf.readUInt32BE(0) !== 0x504b0304) throw badRequest(MSG_NOT_XLSX);
  return buf;
}

export async function uploadBatch(
  db: Db,
  companyId: number,
  userId: number,
  type: ImportTypeName,
  file: { file_name: string; file: string },
  now: Date,
): Promise<ImportBatchDetail> {
  const buf = decodeUpload(file.file_name, file.file);
  const st = serverImportType(type);
  const parsed = await withParseSlot(companyId, () => parseUpload(buf, st.def));
  const hash = createHash('sha256').update(buf).digest('hex');
  const dup = await db.one<{ id: number }>('SELECT id FROM import_batches WHERE company_id = $1 AND type = $2 AND file_hash = $3 ORDER BY id DESC LIMIT 1', [
    companyId,
    type,
    hash,
  ]);
  const created = await db.one<{ id: number }>(
    `INSERT INTO import_batches (company_id, type, file_name, file_size, file_hash, file_enc, status, total, duplicate_of, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'validating', $7, $8, $9, $10) RETURNING id`,
    [companyId, type, file.file_name, buf.length, hash, encryptPii(buf.toString('base64')), parsed.length, dup?.id ?? null, userId, now],
  );
  const id = created!.id;
  try {
    const v = await validateRows(db, companyId, st, parsed, now);
    const ok = v.failRows === 0;
    await db.query(
      `UPDATE import_batches SET status = $2, ok_count = $3, fail_count = $4, warn_count = $5, rows_enc = $6, issues_enc = $7, message = $8
        WHERE id = $1`,
      [
        id,
        ok ? 'pending' : 'failed',
        v.okRows,
        v.failRows,
        v.warnRows,
        ok ? sealJson({ rows: v.rows, rowNos: v.rowNos }) : null,
        v.issues.length ? sealJson(v.issues) : null,
        ok ? '' : `校验未通过：${v.failRows} 条数据有误，请下载错误数据修正后重新上传`,
      ],
    );
    return { batch: await loadBatch(db, id), issues: v.issues.slice(0, IMPORT_ISSUE_PAGE), issues_total: v.issues.length };
  } catch (e) {
    await db.query(`UPDATE import_batches SET status = 'failed', message = '校验失败，请重新上传' WHERE id = $1`, [id]);
    throw e;
  }
}
