/**
 * Bulk import (issue 10): templates, upload + validation (phase 1), the all-or-nothing commit
 * (phase 2, idempotent per batch) and the company's batches with their files. Members only.
 * Never logs row values: handlers log nothing but ids, and the files are stored encrypted.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { IMPORT_ISSUE_PAGE, IMPORT_MAX_BYTES, XLSX_MIME, importTypeDef, isImportType, type ImportFileData, type ImportTypeName } from '../../contract/imports';
import type { Db } from '../db/types';
import { memberCompanyOf, taxCompany } from '../domain/access';
import type { AuthInfo } from '../http/auth';
import { badRequest, conflict, notFound } from '../lib/refusal';
import { addRoute } from '../http/route';
import { auditPiiView, encryptPii } from '../lib/pii';
import { fmtDate } from '../lib/time';
import { BATCH_SQL, batchFile, batchIssues, openJson, ownBatch, sealJson, toBatch, type BatchRow } from '../imports/batches';
import { reasonsByRow, validateRows } from '../imports/pipeline';
import { MSG_IMPORT_COMMIT_PURGED, MSG_IMPORT_ERRORS_PURGED, MSG_IMPORT_FILE_PURGED } from '../domain/accounts/retention-rules';
import { serverImportType } from '../imports/registry';
import { MSG_NOT_XLSX, MSG_TOO_LARGE, buildErrorFile, buildTemplate, parseUpload } from '../imports/xlsx';

function typeOf(t: string): ImportTypeName {
  if (!isImportType(t)) throw notFound('导入类型不存在');
  return t;
}

/** The members-only gate, and for the tax service's type the tax flag too (issue 14). */
function gate(auth: AuthInfo, now: Date, type: ImportTypeName) {
  return type === 'tax' ? taxCompany(auth, now) : memberCompanyOf(auth, now);
}

const xlsxFile = (file_name: string, buf: Buffer): ImportFileData => ({ file_name, mime: XLSX_MIME, content: buf.toString('base64') });
const stem = (name: string) => name.replace(/\.xlsx$/i, '');

/** Decodes the base64 form field (a data URL prefix allowed); checks size and the xlsx (zip) signature. */
function decodeUpload(fileName: string, b64: string): Buffer {
  const body = b64.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body)) throw badRequest(MSG_NOT_XLSX);
  const buf = Buffer.from(body, 'base64');
  if (buf.length > IMPORT_MAX_BYTES) throw badRequest(MSG_TOO_LARGE);
  if (!/\.xlsx$/i.test(fileName) || buf.length < 4 || buf.readUInt32BE(0) !== 0x504b0304) throw badRequest(MSG_NOT_XLSX);
  return buf;
}

/** A unique violation of PostgreSQL (pg and PGlite both carry the SQLSTATE as `code`). */
const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';

async function loadBatch(db: Db, id: number) {
  return toBatch((await db.one<BatchRow>(`${BATCH_SQL} WHERE b.id = $1`, [id]))!);
}

export function importRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.importTemplate, async ({ auth, params, now }) => {
    const type = typeOf(params.type);
    gate(auth, now, type);
    const def = importTypeDef(type);
    return xlsxFile(`${def.label}导入模板.xlsx`, await buildTemplate(def));
  });

  /** Phase 1: the file is stored (encrypted), every row validated; the batch ends 待确认 or 导入失败. */
  addRoute(app, endpoints.importUpload, async ({ auth, params, body, db, now }) => {
    const type = typeOf(params.type);
    const company = gate(auth, now, type);
    const buf = decodeUpload(body.file_name, body.file);
    const st = serverImportType(type);
    const parsed = await parseUpload(buf, st.def);
    const hash = createHash('sha256').update(buf).digest('hex');
    const dup = await db.one<{ id: number }>(
      'SELECT id FROM import_batches WHERE company_id = $1 AND type = $2 AND file_hash = $3 ORDER BY id DESC LIMIT 1',
      [company.id, type, hash],
    );
    const created = await db.one<{ id: number }>(
      `INSERT INTO import_batches (company_id, type, file_name, file_size, file_hash, file_enc, status, total, duplicate_of, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'validating', $7, $8, $9, $10) RETURNING id`,
      [company.id, type, body.file_name, buf.length, hash, encryptPii(buf.toString('base64')), parsed.length, dup?.id ?? null, auth.user.id, now],
    );
    const id = created!.id;
    try {
      const v = await validateRows(db, company.id, st, parsed, now);
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
  });

  addRoute(app, endpoints.importBatches, async ({ auth, query, db, now }) => {
    const company = memberCompanyOf(auth, now);
    const where = ['b.company_id = $1'];
    const args: unknown[] = [company.id];
    if (query.type) where.push(`b.type = $${args.push(query.type)}`);
    if (query.status) where.push(`b.status = $${args.push(query.status)}`);
    const total = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM import_batches b WHERE ${where.join(' AND ')}`, args);
    const rows = await db.query<BatchRow>(
      `${BATCH_SQL} WHERE ${where.join(' AND ')} ORDER BY b.id DESC LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
      args,
    );
    return { list: rows.map(toBatch), total: total?.n ?? 0, page: query.page, page_size: query.page_size };
  });

  addRoute(app, endpoints.importBatch, async ({ auth, params, db, now }) => {
    const company = memberCompanyOf(auth, now);
    const b = await ownBatch(db, params.id, company.id);
    const issues = await batchIssues(db, b.id);
    return { batch: toBatch(b), issues: issues.slice(0, IMPORT_ISSUE_PAGE), issues_total: issues.length };
  });

  /** The error table a page at a time (行号 · 列 · 原值 · 错误原因, personal numbers masked). */
  addRoute(app, endpoints.importIssues, async ({ auth, params, query, db, now }) => {
    const company = memberCompanyOf(auth, now);
    const b = await ownBatch(db, params.id, company.id);
    const issues = await batchIssues(db, b.id);
    const at = (query.page - 1) * query.page_size;
    return { list: issues.slice(at, at + query.page_size), total: issues.length, page: query.page, page_size: query.page_size };
  });

  /**
   * Phase 2: all rows in one transaction or none. The batch id is the idempotency key: only a
   * 待确认 batch is claimed (atomically, → 导入中); a second commit of an imported batch writes
   * nothing and answers it as it is.
   */
  addRoute(app, endpoints.importCommit, async ({ auth, params, db, now, req, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const b = await ownBatch(db, params.id, company.id);
    gate(auth, now, typeOf(b.type));
    const claimed = await db.one<{ rows_enc: string | null }>(
      `UPDATE import_batches SET status = 'importing', claimed_at = $2 WHERE id = $1 AND status = 'pending' RETURNING rows_enc`,
      [b.id, now],
    );
    if (!claimed) {
      if (b.status === 'success') {
        setMsg('该批次已导入，未重复写入');
        return toBatch(b);
      }
      if (b.status === 'importing' || b.status === 'validating') throw conflict('该批次正在处理中，请稍后刷新');
      if (b.file_purged_at) throw conflict(MSG_IMPORT_COMMIT_PURGED);
      throw conflict('该批次校验未通过，不能导入，请下载错误数据修正后重新上传');
    }
    const st = serverImportType(typeOf(b.type));
    const { rows, rowNos } = openJson<{ rows: unknown[]; rowNos: number[] }>(claimed.rows_enc, { rows: [], rowNos: [] });
    try {
      await db.tx(async (tx) => {
        // held until the commit ends: the import-recover job (jobs/imports.ts) skips a batch in work
        await tx.query('SELECT id FROM import_batches WHERE id = $1 FOR UPDATE', [b.id]);
        const n = await st.commit(tx, company.id, b.id, rows, auth.user.id, { now, ip: req.ip });
        await tx.query(
          `UPDATE import_batches SET status = 'success', imported_count = $2, committed_at = $3, rows_enc = NULL, message = '' WHERE id = $1`,
          [b.id, n, now],
        );
      });
    } catch (e) {
      // nothing was written; say which rows collide with records stored since the validation
      let msg = '导入失败，未写入任何数据，请稍后重试';
      let issues = await batchIssues(db, b.id);
      if (isUniqueViolation(e)) {
        const exists = await st.existing(db, company.id, rows);
        const dupHeader = st.def.columns.find((c) => c.key === st.def.dupColumn)!.header;
        const clash = rows.map((r, i) => ({ r, i })).filter(({ r }) => exists.has(st.def.dupKey(r)));
        msg = `导入失败：${clash.length || '部分'} 条数据与已有${st.def.entity}重复，未写入任何数据，请修正后重新上传`;
        issues = [
          ...issues,
          ...clash.map(({ i }) => ({ row: rowNos[i] ?? 0, col: dupHeader, raw: '', msg: `与已有${st.def.entity}重复（${st.def.dupLabel}相同）`, level: 'error' as const })),
        ];
      } else {
        app.log.error({ batch: b.id, err: e instanceof Error ? e.message : String(e) }, 'import commit failed');
      }
      await db.query(`UPDATE import_batches SET status = 'failed', message = $2, issues_enc = $3, fail_count = $4 WHERE id = $1`, [
        b.id,
        msg,
        issues.length ? sealJson(issues) : null,
        new Set(issues.filter((i) => i.level === 'error').map((i) => i.row)).size,
      ]);
      throw conflict(msg);
    }
    return loadBatch(db, b.id);
  });

  /** The original upload (full personal numbers): members of the company only, each download audited. */
  addRoute(app, endpoints.importOriginal, async ({ auth, params, db, now, req }) => {
    const company = memberCompanyOf(auth, now);
    const b = await ownBatch(db, params.id, company.id);
    // past the retention period (domain/retention.ts): said before anything is audited
    if (b.file_purged_at) throw notFound(MSG_IMPORT_FILE_PURGED);
    await auditPiiView(db, { userId: auth.user.id, companyId: company.id, subjectType: 'import_batch', subjectId: b.id, field: 'id_card', reason: '下载导入原文件', ip: req.ip });
    return xlsxFile(b.file_name, await batchFile(db, b.id));
  });

  /** The uploaded rows with an 错误原因 column, to fix and upload again. */
  addRoute(app, endpoints.importErrorFile, async ({ auth, params, db, now, req }) => {
    const company = memberCompanyOf(auth, now);
    const b = await ownBatch(db, params.id, company.id);
    if (b.file_purged_at) throw notFound(MSG_IMPORT_ERRORS_PURGED);
    const issues = await batchIssues(db, b.id);
    if (issues.length === 0) throw notFound('该批次没有错误数据');
    const def = importTypeDef(typeOf(b.type));
    const parsed = await parseUpload(await batchFile(db, b.id), def);
    await auditPiiView(db, { userId: auth.user.id, companyId: company.id, subjectType: 'import_batch', subjectId: b.id, field: 'id_card', reason: '下载错误数据', ip: req.ip });
    return xlsxFile(`${stem(b.file_name)}_错误数据_${fmtDate(now).replace(/-/g, '')}.xlsx`, await buildErrorFile(def, parsed, reasonsByRow(issues)));
  });
}
