/**
 * Bulk import (批量导入 / 导入批次, issue 10; domain.md §2.8): an .xlsx per type is uploaded as a
 * base64 form field, validated row by row on the server (phase 1, a batch 待确认 or 导入失败) and
 * committed all-or-nothing (phase 2, idempotent per batch). Files travel as base64 in the envelope.
 */
import { z } from 'zod';
import { ep, type Endpoint } from './endpoint';
import { DateTimeText } from './common';
import { IMPORT_MAX_BYTES } from './import-rules';
import type { ImportTypeName } from './import-types';
import type { Permission } from './roles';

export * from './import-rules';
export * from './import-types';
export { OPEN_ENDED, dimissionImport, type DimissionRow } from './import-types/dimission';
export { workersImport, type WorkerRow } from './import-types/workers';
export { taxImport, type TaxImportRow } from './import-types/tax';
export { payoutImport, PAY_METHODS, type PayoutImportRow, type PayMethod } from './import-types/payout';
export { looksLikeExcelNumber } from './person';

const noNul = (s: string) => !s.includes('\u0000');

export const ImportTypeParam = z.strictObject({ type: z.string().regex(/^[a-z_]{1,32}$/, '导入类型不存在') });
export const ImportIdParam = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The .xlsx as base64 (a data URL prefix is accepted); the decoded size is checked on the server. */
export const ImportUploadBody = z.strictObject({
  file_name: z.string().trim().min(1, '请选择文件').max(200, '文件名过长').refine(noNul, '文件名包含非法字符'),
  file: z
    .string()
    .min(1, '请选择文件')
    .max(Math.ceil((IMPORT_MAX_BYTES * 1.5 * 4) / 3) + 100, '文件大小不能超过5MB'),
});
/** Base64 plus a margin for form encoding of `+`, `/`, `=`. */
export const IMPORT_BODY_LIMIT = 3 * IMPORT_MAX_BYTES;

export const IMPORT_STATUSES = ['validating', 'pending', 'importing', 'success', 'failed'] as const;
export const ImportStatus = z.enum(IMPORT_STATUSES);
export type ImportStatus = z.infer<typeof ImportStatus>;

export const ImportBatch = z.object({
  id: z.number().int(),
  /** 批次号 */
  batch_no: z.string(),
  type: z.string(),
  type_label: z.string(),
  file_name: z.string(),
  file_size: z.number().int(),
  total: z.number().int(),
  ok_count: z.number().int(),
  fail_count: z.number().int(),
  warn_count: z.number().int(),
  /** rows written by the commit */
  imported_count: z.number().int(),
  status: ImportStatus,
  /** why the batch failed, or a note */
  message: z.string(),
  /** the batch number of an earlier upload of the identical file */
  duplicate_of: z.string().nullable(),
  operator: z.string(),
  created_at: DateTimeText,
  committed_at: DateTimeText.nullable(),
  /** when the original file and the error list were deleted (保存期限: 7 days after the import, 30 days unimported); null while kept */
  file_purged_at: DateTimeText.nullable(),
});
export type ImportBatch = z.infer<typeof ImportBatch>;

/** One line of the error table: 行号 · 列 · 原值 · 错误原因 (原值 of personal numbers masked). */
export const ImportIssue = z.object({
  row: z.number().int(),
  col: z.string(),
  raw: z.string(),
  msg: z.string(),
  level: z.enum(['error', 'warning']),
});
export type ImportIssue = z.infer<typeof ImportIssue>;

/** Lines of the error table per page: the detail carries the first page, the rest is paged. */
export const IMPORT_ISSUE_PAGE = 50;
/** A batch with the first page of its issues (a 5000-error report stays a small answer). */
export const ImportBatchDetail = z.object({ batch: ImportBatch, issues: z.array(ImportIssue), issues_total: z.number().int() });
export type ImportBatchDetail = z.infer<typeof ImportBatchDetail>;

export const ImportBatchListQuery = z.strictObject({
  type: z
    .string()
    .regex(/^[a-z_]{1,32}$/)
    .optional(),
  status: ImportStatus.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(5).max(50).default(10),
});
export const ImportIssuesQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(10).max(100).default(IMPORT_ISSUE_PAGE),
});
export const ImportIssuesData = z.object({ list: z.array(ImportIssue), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
export type ImportIssuesData = z.infer<typeof ImportIssuesData>;

export const ImportBatchList = z.object({
  list: z.array(ImportBatch),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ImportBatchList = z.infer<typeof ImportBatchList>;

/** A file to save: the template, the original upload or the error rows. */
export const ImportFileData = z.object({ file_name: z.string(), mime: z.string(), content: z.string() });
export type ImportFileData = z.infer<typeof ImportFileData>;

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The permission each import type needs (its batches create payout lists, departures, workers, tax rows). */
export const IMPORT_TYPE_PERMS: Record<ImportTypeName, Permission> = { payout: 'payout.prepare', dimission: 'hr', workers: 'hr', tax: 'finance' };
/** The import endpoints: any permission that imports something (the type's own is checked with the type). */
const IMPORT_PERMS = ['payout.prepare', 'hr', 'finance'] as const satisfies readonly Permission[];

export const importsEndpoints = {
  importTemplate: ep({ method: 'GET', path: '/import/template/:type', params: ImportTypeParam, data: ImportFileData, auth: true, perm: IMPORT_PERMS }),
  importUpload: ep({
    method: 'POST',
    path: '/import/upload/:type',
    params: ImportTypeParam,
    body: ImportUploadBody,
    data: ImportBatchDetail,
    auth: true,
    perm: IMPORT_PERMS,
    bodyLimit: IMPORT_BODY_LIMIT,
  }),
  importBatches: ep({ method: 'GET', path: '/import/batches', query: ImportBatchListQuery, data: ImportBatchList, auth: true, perm: IMPORT_PERMS }),
  importBatch: ep({ method: 'GET', path: '/import/batches/:id', params: ImportIdParam, data: ImportBatchDetail, auth: true, perm: IMPORT_PERMS }),
  importIssues: ep({
    method: 'GET',
    path: '/import/batches/:id/issues',
    params: ImportIdParam,
    query: ImportIssuesQuery,
    data: ImportIssuesData,
    auth: true,
    perm: IMPORT_PERMS,
  }),
  importCommit: ep({ method: 'POST', path: '/import/batches/:id/commit', params: ImportIdParam, data: ImportBatch, auth: true, perm: IMPORT_PERMS }),
  importOriginal: ep({ method: 'GET', path: '/import/batches/:id/file', params: ImportIdParam, data: ImportFileData, auth: true, perm: IMPORT_PERMS }),
  importErrorFile: ep({ method: 'GET', path: '/import/batches/:id/errors', params: ImportIdParam, data: ImportFileData, auth: true, perm: IMPORT_PERMS }),
} as const satisfies Record<string, Endpoint>;
