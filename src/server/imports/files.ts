/**
 * The files an import hands out: the type's template, the original upload and the uploaded rows
 * with an 错误原因 column. The last two hold full personal numbers: each download is audited.
 */
import { XLSX_MIME, importTypeDef, type ImportFileData, type ImportTypeName } from '../../contract/imports';
import type { Db } from '../db/types';
import { MSG_IMPORT_ERRORS_PURGED, MSG_IMPORT_FILE_PURGED } from '../domain/accounts/retention-rules';
import { auditPiiView } from '../lib/pii';
import { notFound } from '../lib/refusal';
import { fmtDate } from '../lib/time';
import { batchFile, batchIssues, batchNo, ownBatch } from './batches';
import { reasonsByRow } from './pipeline';
import { importTypeOf } from './registry';
import { withParseSlot } from './slots';
import { buildErrorFile, buildTemplate, parseUpload } from './xlsx';

const xlsxFile = (file_name: string, buf: Buffer): ImportFileData => ({ file_name, mime: XLSX_MIME, content: buf.toString('base64') });
const stem = (name: string) => name.replace(/\.xlsx$/i, '');

/** Who downloads what, for the audit (pii_views). */
interface Download {
  companyId: number;
  userId: number;
  batchId: number;
  ip: string;
}

/** A download of the batch's full personal numbers, in pii_views: a whole file, named by its batch. */
const auditDownload = (db: Db, d: Download, b: { id: number; file_name: string; created_at: Date }, reason: string) =>
  auditPiiView(
    db,
    { userId: d.userId, companyId: d.companyId, field: 'id_card', reason, ip: d.ip },
    { type: 'import_batch', id: b.id, name: '', mask: '', label: `导入批次 ${batchNo(b.id, b.created_at)}（${b.file_name}）` },
  );

export async function templateFile(type: ImportTypeName): Promise<ImportFileData> {
  const def = importTypeDef(type);
  return xlsxFile(`${def.label}导入模板.xlsx`, await buildTemplate(def));
}

/** The original upload (full personal numbers): the company's batch only, each download audited. */
export async function originalFile(db: Db, d: Download): Promise<ImportFileData> {
  const b = await ownBatch(db, d.batchId, d.companyId);
  // past the retention period (domain/accounts/retention-*.ts): said before anything is audited
  if (b.file_purged_at) throw notFound(MSG_IMPORT_FILE_PURGED);
  await auditDownload(db, d, b, '下载导入原文件');
  return xlsxFile(b.file_name, await batchFile(db, b.id));
}

/** The uploaded rows with an 错误原因 column, to fix and upload again. */
export async function errorFile(db: Db, d: Download, now: Date): Promise<ImportFileData> {
  const b = await ownBatch(db, d.batchId, d.companyId);
  if (b.file_purged_at) throw notFound(MSG_IMPORT_ERRORS_PURGED);
  const issues = await batchIssues(db, b.id);
  if (issues.length === 0) throw notFound('该批次没有错误数据');
  const def = importTypeDef(importTypeOf(b.type));
  const file = await batchFile(db, b.id);
  const parsed = await withParseSlot(d.companyId, () => parseUpload(file, def));
  await auditDownload(db, d, b, '下载错误数据');
  return xlsxFile(`${stem(b.file_name)}_错误数据_${fmtDate(now).replace(/-/g, '')}.xlsx`, await buildErrorFile(def, parsed, reasonsByRow(issues)));
}
