/**
 * Reviewing applications where the résumé is read (issue 32 item 2): what the résumé dialog shows
 * beside it (the company's applications of the person, notes, tags), notes and tags, and batches
 * over a list. A batch reports per row: each row goes through the single action's own function
 * (markUnsuitable: the caller's company, the row's current state) in its own transaction, so a row
 * another colleague changed a moment ago is reported, not allowed to sink the others.
 */
import type { z } from 'zod';
import type { BatchBody, BatchData, ReviewData } from '../../../contract/review';
import type { Db } from '../../db/types';
import { notFound, Refusal } from '../../lib/refusal';
import { fmtDateTime } from '../../lib/time';
import { markUnsuitable } from './applications';
import { ownPosition } from './positions';

interface Caller {
  companyId: number;
  userId: number;
}

/** A candidate the company may annotate: one who applied or was invited (the hall's résumés too). */
async function knownCandidate(db: Db, candidateId: number): Promise<number> {
  const c = await db.one<{ id: number; merged_into: number | null }>('SELECT id, merged_into FROM candidates WHERE id = $1', [candidateId]);
  if (!c) throw notFound('该人才不存在或已下线');
  return c.merged_into ?? c.id;
}

/** The company's notes (newest first), tags and applications of one candidate. */
export async function reviewOf(db: Db, v: Caller, candidateId: number): Promise<ReviewData> {
  const id = await knownCandidate(db, candidateId);
  const notes = await db.query<{ id: number; body: string; author: string; created_at: Date; created_by: number }>(
    `SELECT n.id, n.body, u.realname AS author, n.created_at, n.created_by
       FROM candidate_notes n JOIN users u ON u.id = n.created_by
      WHERE n.company_id = $1 AND n.candidate_id = $2 ORDER BY n.created_at DESC, n.id DESC LIMIT 50`,
    [v.companyId, id],
  );
  const tags = await db.query<{ tag: string; author: string; created_at: Date }>(
    `SELECT t.tag, u.realname AS author, t.created_at FROM candidate_tags t JOIN users u ON u.id = t.created_by
      WHERE t.company_id = $1 AND t.candidate_id = $2 ORDER BY t.created_at, t.tag`,
    [v.companyId, id],
  );
  const applications = await db.query<ReviewData['applications'][number]>(
    `SELECT a.id, a.position_id, p.title, a.status, a.reject_reason, a.reject_note
       FROM applications a JOIN positions p ON p.id = a.position_id AND p.company_id = a.company_id
      WHERE a.company_id = $1 AND a.candidate_id = $2 ORDER BY a.created_at DESC, a.id DESC`,
    [v.companyId, id],
  );
  return {
    notes: notes.map((n) => ({ id: n.id, body: n.body, author: n.author, created_at: fmtDateTime(n.created_at), own: n.created_by === v.userId })),
    tags: tags.map((t) => ({ tag: t.tag, author: t.author, created_at: fmtDateTime(t.created_at) })),
    applications,
  };
}

export async function addNote(db: Db, v: Caller, candidateId: number, body: string, now: Date): Promise<ReviewData> {
  const id = await knownCandidate(db, candidateId);
  await db.query('INSERT INTO candidate_notes (company_id, candidate_id, body, created_by, created_at) VALUES ($1,$2,$3,$4,$5)', [
    v.companyId,
    id,
    body,
    v.userId,
    now,
  ]);
  return reviewOf(db, v, id);
}

/** Adds a tag (again: unchanged, the first author stays). */
export async function addTag(db: Db, v: Caller, candidateId: number, tag: string, now: Date): Promise<ReviewData> {
  const id = await knownCandidate(db, candidateId);
  await tagCandidate(db, v, id, tag, now);
  return reviewOf(db, v, id);
}

const tagCandidate = (db: Db, v: Caller, candidateId: number, tag: string, now: Date) =>
  db.query(
    `INSERT INTO candidate_tags (company_id, candidate_id, tag, created_by, created_at) VALUES ($1,$2,$3,$4,$5)
     ON CONFLICT (company_id, candidate_id, tag) DO NOTHING`,
    [v.companyId, candidateId, tag, v.userId, now],
  );

export async function removeTag(db: Db, v: Caller, candidateId: number, tag: string): Promise<ReviewData> {
  const id = await knownCandidate(db, candidateId);
  await db.query('DELETE FROM candidate_tags WHERE company_id = $1 AND candidate_id = $2 AND tag = $3', [v.companyId, id, tag]);
  return reviewOf(db, v, id);
}

/** 标记 of one application: its candidate gets the tag; the same checks as reading the row. */
async function tagApplication(db: Db, v: Caller, id: number, tag: string, now: Date) {
  const a = await db.one<{ id: number; company_id: number; candidate_id: number; status: 'pending' | 'viewed' | 'invited' | 'unsuitable' | 'hired' }>(
    'SELECT id, company_id, candidate_id, status FROM applications WHERE id = $1',
    [id],
  );
  if (!a || a.company_id !== v.companyId) throw notFound('投递记录不存在');
  await tagCandidate(db, v, a.candidate_id, tag, now);
  return { id: a.id, status: a.status };
}

/**
 * 批量不合适 / 批量标记 over checked rows of one position's list. Every row is reported: done, or
 * refused with the single action's own message (another company's row: 投递记录不存在, as a missing
 * one; 已录用 / 已标记 from the row's current state).
 */
export async function batchApplications(db: Db, v: Caller, positionId: number, body: z.output<typeof BatchBody>, now: Date): Promise<BatchData> {
  await ownPosition(db, positionId, v.companyId);
  // the company's rows of another position: the list the user checked them in is this position's
  const elsewhere = new Set(
    (
      await db.query<{ id: number }>('SELECT id FROM applications WHERE id = ANY($1::int[]) AND company_id = $2 AND position_id <> $3', [
        body.ids,
        v.companyId,
        positionId,
      ])
    ).map((r) => r.id),
  );
  const out: BatchData = { done: [], refused: [] };
  for (const id of body.ids) {
    if (elsewhere.has(id)) {
      out.refused.push({ id, msg: '该投递不属于当前职位' });
      continue;
    }
    try {
      const r = await db.tx((t) =>
        body.action === 'unsuitable'
          ? markUnsuitable(t, v.companyId, id, now, { reason: body.reason, note: body.note })
          : tagApplication(t, v, id, body.tag, now),
      );
      out.done.push(r);
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      out.refused.push({ id, msg: e.message });
    }
  }
  return out;
}
