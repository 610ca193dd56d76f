/** The people of one position: its applications, the hired, the invited; 不合适 and 录用. */
import type { z } from 'zod';
import type { ApplyListQuery, InterviewListQuery } from '../../../contract/recruitment';
import type { Db } from '../../db/types';
import { pageSql } from '../../lib/page';
import { conflict, notFound } from '../../lib/refusal';
import { fmtDateTime } from '../../lib/time';
import { ownPosition } from './positions';
import { person, PERSON_SQL, type PersonRow } from './texts';

type ApplyStatus = 'pending' | 'viewed' | 'invited' | 'unsuitable' | 'hired';

/** The company's application; another company's answers like a missing one. */
async function ownApplication(db: Db, id: number, companyId: number) {
  const a = await db.one<{ id: number; company_id: number; status: string }>('SELECT id, company_id, status FROM applications WHERE id = $1', [id]);
  if (!a || a.company_id !== companyId) throw notFound('投递记录不存在');
  return a;
}

/** A position's applications, newest first, optionally of one status. */
export async function listApplications(db: Db, companyId: number, positionId: number, query: z.output<typeof ApplyListQuery>, now: Date) {
  const p = await ownPosition(db, positionId, companyId);
  const args: unknown[] = [p.id];
  const st = query.status === 'all' ? '' : ` AND a.status = $${args.push(query.status)}`;
  const total = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM applications a WHERE a.position_id = $1${st}`, args))!.n;
  const rows = await db.query<PersonRow & { id: number; status: ApplyStatus; source: string; created_at: Date }>(
    `SELECT a.id, a.status, a.source, a.created_at, ${PERSON_SQL}
       FROM applications a JOIN candidates c ON c.id = a.candidate_id
      WHERE a.position_id = $1${st}
      ORDER BY a.created_at DESC, a.id DESC${pageSql(args, query)}`,
    args,
  );
  return {
    title: p.title,
    total,
    page: query.page,
    page_size: query.page_size,
    list: rows.map((r) => ({ id: r.id, ...person(r, now), status: r.status, source: r.source, applied_at: fmtDateTime(r.created_at) })),
  };
}

/** A position's hired candidates, latest hire first. */
export async function listHired(db: Db, companyId: number, positionId: number, query: z.output<typeof InterviewListQuery>, now: Date) {
  const p = await ownPosition(db, positionId, companyId);
  const total = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM applications WHERE position_id = $1 AND status = 'hired'`, [p.id]))!.n;
  const args: unknown[] = [p.id];
  const rows = await db.query<PersonRow & { id: number; status: 'hired'; source: string; created_at: Date; hired_at: Date | null; updated_at: Date }>(
    `SELECT a.id, a.status, a.source, a.created_at, a.hired_at, a.updated_at, ${PERSON_SQL}
       FROM applications a JOIN candidates c ON c.id = a.candidate_id
      WHERE a.position_id = $1 AND a.status = 'hired'
      ORDER BY COALESCE(a.hired_at, a.updated_at) DESC, a.id DESC${pageSql(args, query)}`,
    args,
  );
  return {
    title: p.title,
    total,
    page: query.page,
    page_size: query.page_size,
    list: rows.map((r) => ({
      id: r.id,
      ...person(r, now),
      status: r.status,
      source: r.source,
      applied_at: fmtDateTime(r.created_at),
      hired_at: fmtDateTime(r.hired_at ?? r.updated_at),
    })),
  };
}

/** The interview invitations sent for a position, newest first. */
export async function listInvited(db: Db, companyId: number, positionId: number, query: z.output<typeof InterviewListQuery>, now: Date) {
  const p = await ownPosition(db, positionId, companyId);
  const total = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM interviews WHERE position_id = $1`, [p.id]))!.n;
  const args: unknown[] = [p.id];
  const rows = await db.query<
    PersonRow & {
      id: number;
      status: 'pending' | 'accepted' | 'declined' | 'canceled' | 'done';
      pick_time: Date;
      address: string;
      contacts_name: string;
      contacts_tel: string;
      remark: string;
      created_at: Date;
    }
  >(
    `SELECT i.id, i.status, i.pick_time, i.address, i.contacts_name, i.contacts_tel, i.remark, i.created_at, ${PERSON_SQL}
       FROM interviews i JOIN candidates c ON c.id = i.candidate_id
      WHERE i.position_id = $1
      ORDER BY i.created_at DESC, i.id DESC${pageSql(args, query)}`,
    args,
  );
  return {
    title: p.title,
    total,
    page: query.page,
    page_size: query.page_size,
    list: rows.map((r) => ({
      id: r.id,
      ...person(r, now),
      status: r.status,
      pick_time: fmtDateTime(r.pick_time),
      address: r.address,
      contacts_name: r.contacts_name,
      contacts_tel: r.contacts_tel,
      remark: r.remark,
      sent_at: fmtDateTime(r.created_at),
    })),
  };
}

/** 不合适: any application not hired nor already marked. */
export async function markUnsuitable(db: Db, companyId: number, id: number, now: Date): Promise<{ id: number; status: 'unsuitable' }> {
  const a = await ownApplication(db, id, companyId);
  // one conditional write (no check-then-write): of concurrent calls exactly one changes the row
  const done = await db.one(
    `UPDATE applications SET status = 'unsuitable', updated_at = $2 WHERE id = $1 AND status NOT IN ('hired', 'unsuitable') RETURNING id`,
    [a.id, now],
  );
  if (!done) {
    const st = (await db.one<{ status: string }>('SELECT status FROM applications WHERE id = $1', [a.id]))?.status;
    throw conflict(st === 'hired' ? '该候选人已录用，不能标记为不合适' : '已标记为不合适');
  }
  return { id: a.id, status: 'unsuitable' };
}

/** 录用: once per application (one conditional write, as above). */
export async function hireApplication(db: Db, companyId: number, id: number, now: Date): Promise<{ id: number; status: 'hired' }> {
  const a = await ownApplication(db, id, companyId);
  const done = await db.one(`UPDATE applications SET status = 'hired', hired_at = $2, updated_at = $2 WHERE id = $1 AND status <> 'hired' RETURNING id`, [
    a.id,
    now,
  ]);
  if (!done) throw conflict('该候选人已录用');
  return { id: a.id, status: 'hired' };
}
