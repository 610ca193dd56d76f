/**
 * One person, one record (issue 32 item 3). Candidates are the platform's pool (a reference table,
 * docs/scale-out.md), so a merge changes every company's view of the person. Hence:
 * - an administrator (perm admin) sees only pairs of which one record is linked to their company
 *   (an application or an invitation): they cannot walk the pool;
 * - only a pair the matcher judges the same person may be merged (duplicates-match.ts): an admin
 *   cannot fold two people together by hand;
 * - the preview states what is kept and what moves; the merge re-judges under lock, moves every
 *   company's rows, leaves the dropped record as a pointer (merged_into) and writes candidate_merges.
 */
import type { DuplicateList, MergePreview } from '../../../contract/review';
import { educationLabel } from '../../../contract/vocab';
import type { Db } from '../../db/types';
import { conflict, notFound } from '../../lib/refusal';
import { fmtDateTime } from '../../lib/time';
import { judgePair, type Identity } from './duplicates-match';

interface Row extends Identity {
  id: number;
  mobile_mask: string;
  id_card_mask: string;
  education: number;
  work_start: string | null;
  expect_city: string;
  expect_job: string;
  evaluation: string;
  merged_into: number | null;
  updated_at: Date;
  applications: number;
}
const COLS = `c.id, c.realname, c.gender, c.birth_date::text AS birth_date, c.id_card_bidx, c.mobile_bidx, c.resume_sha256, c.mobile_mask,
  c.id_card_mask, c.education, c.work_start::text AS work_start, c.expect_city, c.expect_job, c.evaluation, c.merged_into, c.updated_at`;

export const MSG_NOT_SAME = '这两条记录没有足够的相同证据（身份证号、手机号或简历文件），不能合并';
const MSG_NONE = '该人才不存在或已合并';

/** Candidates the company has dealt with: the only ones its administrator may merge. */
const MINE = `(SELECT candidate_id FROM applications WHERE company_id = $1 UNION SELECT candidate_id FROM interviews WHERE company_id = $1)`;

async function rows(db: Db, companyId: number, ids: number[], lock = false): Promise<Row[]> {
  return db.query<Row>(
    `SELECT ${COLS}, (SELECT count(*)::int FROM applications a WHERE a.candidate_id = c.id AND a.company_id = $1) AS applications
       FROM candidates c WHERE c.id = ANY($2::int[]) ORDER BY c.id${lock ? ' FOR UPDATE' : ''}`,
    [companyId, ids],
  );
}

const personOf = (r: Row) => ({
  id: r.id,
  realname: r.realname,
  gender: r.gender,
  birth_date: r.birth_date,
  mobile: r.mobile_mask,
  id_card: r.id_card_mask,
  applications: r.applications,
  updated_at: fmtDateTime(r.updated_at),
});

/** Pairs sharing an ID number, a mobile or a file (blind indexes, indexed) that the matcher calls one person. */
export async function listDuplicates(db: Db, companyId: number): Promise<{ list: DuplicateList['list'] }> {
  const pairs = await db.query<{ a: number; b: number }>(
    `WITH live AS (SELECT * FROM candidates WHERE merged_into IS NULL),
          p AS (SELECT x.id AS a, y.id AS b FROM live x JOIN live y ON y.id_card_bidx = x.id_card_bidx AND y.id > x.id
                UNION SELECT x.id, y.id FROM live x JOIN live y ON y.mobile_bidx = x.mobile_bidx AND y.id > x.id
                UNION SELECT x.id, y.id FROM live x JOIN live y ON y.resume_sha256 = x.resume_sha256 AND y.id > x.id)
     SELECT a, b FROM p WHERE a IN ${MINE} OR b IN ${MINE} ORDER BY a, b LIMIT 200`,
    [companyId],
  );
  const byId = new Map((await rows(db, companyId, [...new Set(pairs.flatMap((p) => [p.a, p.b]))])).map((r) => [r.id, r]));
  const list: DuplicateList['list'] = [];
  for (const p of pairs) {
    const a = byId.get(p.a)!;
    const b = byId.get(p.b)!;
    const v = judgePair(a, b);
    if (v.same) list.push({ a: personOf(a), b: personOf(b), evidence: v.evidence });
  }
  return { list };
}

/** Both records, live, one of them the company's, judged one person; else a refusal. */
async function pairOf(db: Db, companyId: number, keepId: number, dropId: number, lock = false) {
  if (keepId === dropId) throw conflict('请选择两条不同的记录');
  const found = await rows(db, companyId, [keepId, dropId], lock);
  const keep = found.find((r) => r.id === keepId);
  const drop = found.find((r) => r.id === dropId);
  if (!keep || !drop || keep.merged_into || drop.merged_into) throw notFound(MSG_NONE);
  const mine = await db.one(`SELECT 1 FROM ${MINE} m WHERE m.candidate_id = ANY($2::int[]) LIMIT 1`, [companyId, [keepId, dropId]]);
  if (!mine) throw notFound(MSG_NONE);
  const v = judgePair(keep, drop);
  if (!v.same) throw conflict(MSG_NOT_SAME);
  return { keep, drop, evidence: v.evidence };
}

/** The merged record's fields: the kept record's value, a blank filled from the other. */
function mergedFields(keep: Row, drop: Row): MergePreview['fields'] {
  // a blank on both sides stays the kept record's: nothing is filled from the other
  const f = (field: string, k: string, d: string) => (k || !d ? { field, value: k, from: 'keep' as const } : { field, value: d, from: 'drop' as const });
  return [
    f('姓名', keep.realname, drop.realname),
    f('性别', keep.gender, drop.gender),
    f('出生日期', keep.birth_date, drop.birth_date),
    f('手机号', keep.mobile_mask, drop.mobile_mask),
    f('身份证号', keep.id_card_mask, drop.id_card_mask),
    f('学历', keep.education ? educationLabel(keep.education) : '', drop.education ? educationLabel(drop.education) : ''),
    f('参加工作时间', keep.work_start?.slice(0, 7) ?? '', drop.work_start?.slice(0, 7) ?? ''),
    f('期望城市', keep.expect_city, drop.expect_city),
    f('期望职位', keep.expect_job, drop.expect_job),
    f('自我评价', keep.evaluation, drop.evaluation),
    f('简历文件', keep.resume_sha256 ? keep.resume_sha256.slice(0, 12) : '', drop.resume_sha256 ? drop.resume_sha256.slice(0, 12) : ''),
  ];
}

/** Pipeline order: a folded pair keeps the further of the two. */
const RANK = { pending: 0, viewed: 1, unsuitable: 2, invited: 3, hired: 4 } as const;
type Status = keyof typeof RANK;

async function moves(db: Db, keepId: number, dropId: number) {
  return db.query<{ id: number; company_id: number; position_id: number; title: string; status: Status; into: number | null; into_status: Status | null }>(
    `SELECT a.id, a.company_id, a.position_id, p.title, a.status, k.id AS into, k.status AS into_status
       FROM applications a JOIN positions p ON p.id = a.position_id AND p.company_id = a.company_id
       LEFT JOIN applications k ON k.position_id = a.position_id AND k.candidate_id = $1
      WHERE a.candidate_id = $2 ORDER BY a.id`,
    [keepId, dropId],
  );
}

export async function mergePreview(db: Db, companyId: number, keepId: number, dropId: number): Promise<MergePreview> {
  const { keep, drop, evidence } = await pairOf(db, companyId, keepId, dropId);
  const m = await moves(db, keep.id, drop.id);
  const counts = await db.one<{ notes: number; tags: number }>(
    `SELECT (SELECT count(*)::int FROM candidate_notes WHERE company_id = $1 AND candidate_id = $2) AS notes,
            (SELECT count(*)::int FROM candidate_tags WHERE company_id = $1 AND candidate_id = $2) AS tags`,
    [companyId, drop.id],
  );
  return {
    keep: personOf(keep),
    drop: personOf(drop),
    evidence,
    fields: mergedFields(keep, drop),
    moves: m.filter((x) => x.company_id === companyId).map((x) => ({ id: x.id, title: x.title, status: x.status, outcome: x.into ? 'fold' : 'move' })),
    other_moves: m.filter((x) => x.company_id !== companyId).length,
    notes: counts!.notes,
    tags: counts!.tags,
  };
}

/** The merge, in one transaction, with both records locked and judged again. */
export async function mergeCandidates(db: Db, v: { companyId: number; userId: number }, keepId: number, dropId: number, now: Date) {
  return db.tx(async (t) => {
    const { keep, drop, evidence } = await pairOf(t, v.companyId, keepId, dropId, true);
    const preview = await mergePreview(t, v.companyId, keepId, dropId);
    let moved = 0;
    let folded = 0;
    for (const a of await moves(t, keep.id, drop.id)) {
      if (a.into === null) {
        await t.query('UPDATE applications SET candidate_id = $1 WHERE id = $2', [keep.id, a.id]);
        moved++;
        continue;
      }
      // both applied to the same position: one application, the further status, the interviews of both
      if (RANK[a.status] > RANK[a.into_status!]) {
        await t.query(
          `UPDATE applications k SET status = d.status, hired_at = COALESCE(k.hired_at, d.hired_at), reject_reason = d.reject_reason,
                  reject_note = d.reject_note, updated_at = $3 FROM applications d WHERE k.id = $1 AND d.id = $2`,
          [a.into, a.id, now],
        );
      }
      await t.query('UPDATE interviews SET application_id = $1 WHERE application_id = $2', [a.into, a.id]);
      await t.query('DELETE FROM applications WHERE id = $1', [a.id]);
      folded++;
    }
    await t.query('UPDATE interviews SET candidate_id = $1 WHERE candidate_id = $2', [keep.id, drop.id]);
    await t.query('UPDATE candidate_notes SET candidate_id = $1 WHERE candidate_id = $2', [keep.id, drop.id]);
    await t.query(
      `INSERT INTO candidate_tags (company_id, candidate_id, tag, created_by, created_at)
       SELECT company_id, $1, tag, created_by, created_at FROM candidate_tags WHERE candidate_id = $2 ON CONFLICT DO NOTHING`,
      [keep.id, drop.id],
    );
    await t.query('DELETE FROM candidate_tags WHERE candidate_id = $1', [drop.id]);
    await t.query(
      `INSERT INTO contact_unlocks (company_id, candidate_id, user_id, crc_spent, created_at)
       SELECT company_id, $1, user_id, crc_spent, created_at FROM contact_unlocks WHERE candidate_id = $2 ON CONFLICT DO NOTHING`,
      [keep.id, drop.id],
    );
    // a work history or education only the dropped record has
    for (const table of ['candidate_work', 'candidate_edu']) {
      await t.query(`UPDATE ${table} SET candidate_id = $1 WHERE candidate_id = $2 AND NOT EXISTS (SELECT 1 FROM ${table} WHERE candidate_id = $1)`, [
        keep.id,
        drop.id,
      ]);
    }
    // blanks of the kept record filled from the other (the preview's "from drop" fields)
    await t.query(
      `UPDATE candidates k SET
         id_card_enc = COALESCE(k.id_card_enc, d.id_card_enc), id_card_bidx = COALESCE(k.id_card_bidx, d.id_card_bidx),
         id_card_mask = CASE WHEN k.id_card_mask = '' THEN d.id_card_mask ELSE k.id_card_mask END,
         resume_sha256 = COALESCE(k.resume_sha256, d.resume_sha256),
         education = CASE WHEN k.education = 0 THEN d.education ELSE k.education END,
         work_start = COALESCE(k.work_start, d.work_start),
         expect_city = CASE WHEN k.expect_city = '' THEN d.expect_city ELSE k.expect_city END,
         expect_job = CASE WHEN k.expect_job = '' THEN d.expect_job ELSE k.expect_job END,
         evaluation = CASE WHEN k.evaluation = '' THEN d.evaluation ELSE k.evaluation END,
         labels = ARRAY(SELECT DISTINCT unnest(k.labels || d.labels)), updated_at = $3
        FROM candidates d WHERE k.id = $1 AND d.id = $2`,
      [keep.id, drop.id, now],
    );
    await t.query('UPDATE candidates SET merged_into = $1, updated_at = $3 WHERE id = $2', [keep.id, drop.id, now]);
    await t.query(`INSERT INTO candidate_merges (company_id, kept_id, merged_id, merged_by, evidence, summary, merged_at) VALUES ($1,$2,$3,$4,$5,$6,$7)`, [
      v.companyId,
      keep.id,
      drop.id,
      v.userId,
      evidence,
      JSON.stringify({ fields: preview.fields, moves: preview.moves, other_moves: preview.other_moves }),
      now,
    ]);
    return { kept: keep.id, merged: drop.id, moved, folded };
  });
}
