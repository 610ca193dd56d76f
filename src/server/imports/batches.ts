/** The import_batches store: rows → API objects, encrypted blobs, company scoping, the lists. */
import {
  IMPORT_ISSUE_PAGE,
  importTypeLabel,
  type ImportBatch,
  type ImportBatchDetail,
  type ImportBatchList,
  type ImportIssue,
  type ImportIssuesData,
  type ImportStatus,
} from '../../contract/imports';
import type { Db } from '../db/types';
import { pageFields, pageOffset, pageSql, type Page } from '../lib/page';
import { notFound } from '../lib/refusal';
import { MSG_IMPORT_FILE_PURGED } from '../domain/accounts/retention-rules';
import { decryptPii, encryptPii } from '../lib/pii';
import { fmtDateTime } from '../lib/time';

export interface BatchRow {
  id: number;
  company_id: number;
  type: string;
  file_name: string;
  file_size: number;
  status: ImportStatus;
  total: number;
  ok_count: number;
  fail_count: number;
  warn_count: number;
  imported_count: number;
  message: string;
  duplicate_of: number | null;
  dup_created_at: Date | null;
  operator: string | null;
  created_at: Date;
  committed_at: Date | null;
  /** the retention job deleted the file, rows and issues (domain/accounts/retention-*.ts) */
  file_purged_at: Date | null;
}

export const BATCH_SQL = `SELECT b.id, b.company_id, b.type, b.file_name, b.file_size, b.status, b.total, b.ok_count, b.fail_count,
  b.warn_count, b.imported_count, b.message, b.duplicate_of, d.created_at AS dup_created_at, u.realname AS operator, b.created_at, b.committed_at,
  b.file_purged_at
  FROM import_batches b LEFT JOIN users u ON u.id = b.created_by LEFT JOIN import_batches d ON d.id = b.duplicate_of`;

/** 批次号: `PC` + the upload's China date + the id (PC2026112300012). */
export const batchNo = (id: number, at: Date) => `PC${fmtDateTime(at).slice(0, 10).replace(/-/g, '')}${String(id).padStart(5, '0')}`;

export const toBatch = (r: BatchRow): ImportBatch => ({
  id: r.id,
  batch_no: batchNo(r.id, r.created_at),
  type: r.type,
  type_label: importTypeLabel(r.type),
  file_name: r.file_name,
  file_size: r.file_size,
  total: r.total,
  ok_count: r.ok_count,
  fail_count: r.fail_count,
  warn_count: r.warn_count,
  imported_count: r.imported_count,
  status: r.status,
  message: r.message,
  duplicate_of: r.duplicate_of && r.dup_created_at ? batchNo(r.duplicate_of, r.dup_created_at) : null,
  operator: r.operator ?? '',
  created_at: fmtDateTime(r.created_at),
  committed_at: r.committed_at ? fmtDateTime(r.committed_at) : null,
  file_purged_at: r.file_purged_at ? fmtDateTime(r.file_purged_at) : null,
});

/** The caller's company's batch; another company's answers the same 404 as a missing one. */
export async function ownBatch(db: Db, id: number, companyId: number): Promise<BatchRow> {
  const b = await db.one<BatchRow>(`${BATCH_SQL} WHERE b.id = $1 AND b.company_id = $2`, [id, companyId]);
  if (!b) throw notFound('导入批次不存在');
  return b;
}

/** A batch by id (the caller has just made or claimed it). */
export async function loadBatch(db: Db, id: number): Promise<ImportBatch> {
  return toBatch((await db.one<BatchRow>(`${BATCH_SQL} WHERE b.id = $1`, [id]))!);
}

/** The company's batches, newest first, of a type and a status when asked. */
export async function listBatches(db: Db, companyId: number, q: Page & { type?: string; status?: ImportStatus }): Promise<ImportBatchList> {
  const where = ['b.company_id = $1'];
  const args: unknown[] = [companyId];
  if (q.type) where.push(`b.type = $${args.push(q.type)}`);
  if (q.status) where.push(`b.status = $${args.push(q.status)}`);
  const total = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM import_batches b WHERE ${where.join(' AND ')}`, args);
  const rows = await db.query<BatchRow>(`${BATCH_SQL} WHERE ${where.join(' AND ')} ORDER BY b.id DESC${pageSql(args, q)}`, args);
  return { list: rows.map(toBatch), ...pageFields(q, total?.n ?? 0) };
}

/** The company's batch with the first page of its error table. */
export async function batchDetail(db: Db, companyId: number, id: number): Promise<ImportBatchDetail> {
  const b = await ownBatch(db, id, companyId);
  const issues = await batchIssues(db, b.id);
  return { batch: toBatch(b), issues: issues.slice(0, IMPORT_ISSUE_PAGE), issues_total: issues.length };
}

/** The error table a page at a time (行号 · 列 · 原值 · 错误原因, personal numbers masked). */
export async function issuesPage(db: Db, companyId: number, id: number, p: Page): Promise<ImportIssuesData> {
  const b = await ownBatch(db, id, companyId);
  const issues = await batchIssues(db, b.id);
  const at = pageOffset(p);
  return { list: issues.slice(at, at + p.page_size), ...pageFields(p, issues.length) };
}

export const sealJson = (v: unknown) => encryptPii(JSON.stringify(v));
export const openJson = <T>(sealed: string | null, fallback: T): T => (sealed ? (JSON.parse(decryptPii(sealed)) as T) : fallback);

export async function batchIssues(db: Db, id: number): Promise<ImportIssue[]> {
  const r = await db.one<{ issues_enc: string | null }>('SELECT issues_enc FROM import_batches WHERE id = $1', [id]);
  return openJson<ImportIssue[]>(r?.issues_enc ?? null, []);
}

/** The original upload; after the retention period (file_purged_at) the 404 that says so. */
export async function batchFile(db: Db, id: number): Promise<Buffer> {
  const r = await db.one<{ file_enc: string | null }>('SELECT file_enc FROM import_batches WHERE id = $1', [id]);
  if (!r?.file_enc) throw notFound(MSG_IMPORT_FILE_PURGED);
  return Buffer.from(decryptPii(r.file_enc), 'base64');
}
