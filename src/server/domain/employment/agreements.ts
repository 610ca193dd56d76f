/**
 * A task's agreement versions (PDFs through the upload engine): a worker signing today signs the
 * latest version in effect; older versions stay with the people who signed them.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { AGREEMENT_MAX_BYTES, type AgreementBody } from '../../../contract/employment';
import type { Db } from '../../db/types';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import { addSeconds, fmtDate, fmtDateTime } from '../../lib/time';
import { isPdf, ownMedia, URL_TTL_S, type ObjectStore } from './media';
import { need, ownTask, type TaskActor, type TaskRow } from './tasks';

/** SHA-256 (hex) of a stored file of at most AGREEMENT_MAX_BYTES, read whole; null when it is not there. */
export async function fileSha256(db: Db, store: Pick<ObjectStore, 'read'>, bucket: string, key: string): Promise<string | null> {
  const r = await store.read(db, bucket, key, AGREEMENT_MAX_BYTES + 1);
  if (!r || r.head.length !== r.size || r.size > AGREEMENT_MAX_BYTES) return null;
  return createHash('sha256').update(r.head).digest('hex');
}

/** The agreement version a worker signing today signs: the latest in effect, else none. */
export const currentAgreement = (db: Db, taskId: number, now: Date) =>
  db.one<{ id: number; version: number; name: string; file_name: string; bucket: string; object_key: string; effective_date: string; sha256: string | null }>(
    `SELECT id, version, name, file_name, bucket, object_key, to_char(effective_date, 'YYYY-MM-DD') AS effective_date, sha256
       FROM flex_agreements WHERE task_id = $1 AND effective_date <= $2::date ORDER BY effective_date DESC, version DESC LIMIT 1`,
    [taskId, fmtDate(now)],
  );

async function agreementList(db: Db, task: TaskRow, now: Date) {
  const cur = await currentAgreement(db, task.id, now);
  const rows = await db.query<{
    id: number;
    version: number;
    name: string;
    file_name: string;
    size: number;
    effective_date: string;
    created_at: Date;
    created_by: string | null;
    signed_num: number;
  }>(
    `SELECT a.id, a.version, a.name, a.file_name, a.size, to_char(a.effective_date, 'YYYY-MM-DD') AS effective_date, a.created_at, u.realname AS created_by,
            (SELECT count(*)::int FROM flex_task_workers w WHERE w.agreement_id = a.id AND w.company_id = a.company_id AND w.sign_status = 'signed') AS signed_num
       FROM flex_agreements a LEFT JOIN users u ON u.id = a.created_by WHERE a.task_id = $1 ORDER BY a.version DESC`,
    [task.id],
  );
  return rows.map((r) => ({ ...r, created_by: r.created_by ?? '', created_at: fmtDateTime(r.created_at), current: r.id === cur?.id }));
}

/** The versions of one of the company's tasks, newest first, the one in effect marked. */
export async function listAgreements(db: Db, companyId: number, taskId: number, now: Date) {
  const task = await ownTask(db, taskId, companyId);
  return { task: { id: task.id, name: task.name, status: task.status }, list: await agreementList(db, task, now) };
}

/** Adds a version: a PDF (by its content) of at most 10 MB, in effect from today or later. */
export async function saveAgreement(db: Db, store: ObjectStore, a: TaskActor, taskId: number, body: z.output<typeof AgreementBody>, now: Date) {
  const m = await ownMedia(db, store, body.media_id, a.companyId, 'attached', '协议文件无效，请重新上传');
  if (m.size > AGREEMENT_MAX_BYTES) throw badRequest('协议文件不能超过10MB');
  // the size is refused before any byte is read
  const head = (await store.read(db, m.bucket, m.object_key, 5))?.head;
  if (!/\.pdf$/i.test(m.file_name) || !head || !isPdf(head)) throw badRequest('协议文件仅支持 PDF 格式');
  if (body.effective_date < fmtDate(now)) throw badRequest('生效日期不能早于今天');
  // the file's SHA-256 as saved: every signature checks the stored file against it (sign-evidence.ts)
  const sha = await fileSha256(db, store, m.bucket, m.object_key);
  if (!sha) throw badRequest('协议文件无效，请重新上传');
  const id = await db.tx(async (t) => {
    const task = await ownTask(t, taskId, a.companyId, true);
    need(task, 'protocol', '上传协议');
    const v = await t.one<{ n: number }>('SELECT coalesce(max(version), 0)::int + 1 AS n FROM flex_agreements WHERE task_id = $1', [task.id]);
    const row = await t.one<{ id: number }>(
      `INSERT INTO flex_agreements (task_id, company_id, version, name, effective_date, media_id, file_name, size, bucket, object_key, created_by, created_at, sha256)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) RETURNING id`,
      [task.id, a.companyId, v!.n, body.name, body.effective_date, m.media_id, m.file_name, m.size, m.bucket, m.object_key, a.userId, now, sha],
    );
    return row!.id;
  });
  const task = await ownTask(db, taskId, a.companyId);
  return (await agreementList(db, task, now)).find((x) => x.id === id)!;
}

/** A short-lived link to one of the company's agreement files. */
export async function agreementUrl(db: Db, store: ObjectStore, companyId: number, id: number, now: Date): Promise<{ url: string; file_name: string }> {
  const a = await db.one<{ bucket: string; object_key: string; file_name: string }>(
    'SELECT bucket, object_key, file_name FROM flex_agreements WHERE id = $1 AND company_id = $2',
    [id, companyId],
  );
  if (!a) throw notFound('协议不存在');
  const url = store.link(a.bucket, a.object_key, addSeconds(now, URL_TTL_S));
  if (!url) throw conflict('暂未开通上传服务');
  return { url, file_name: a.file_name };
}
