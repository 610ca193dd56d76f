/** The people of one position: its applications, the hired, the invited; 不合适 and 录用. */
import type { z } from 'zod';
import type { ApplyListQuery, InterviewListQuery } from '../../../contract/recruitment';
import type { Db } from '../../db/types';
import { pageFields, pageSql, type Page } from '../../lib/page';
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

/** How a list of a position's people reads its rows: `from` a table (alias a or i) joined to each row's candidate. */
interface PeopleList<R, T> {
  from: 'applications a' | 'interviews i';
  /** only the rows of this status */
  status?: string | null;
  cols: string;
  order: string;
  /** a row's own fields of the answer, after its id and the person */
  item: (r: R) => T;
}

/** One page of a position's people, with the position's title and the count of all. */
async function positionPeople<R extends object, T extends object>(db: Db, companyId: number, positionId: number, query: Page, now: Date, s: PeopleList<R, T>) {
  const p = await ownPosition(db, positionId, companyId);
  const x = s.from.slice(-1);
  const args: unknown[] = [p.id];
  const where = `${x}.position_id = $1${s.status ? ` AND ${x}.status = $${args.push(s.status)}` : ''}`;
  const total = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM ${s.from} WHERE ${where}`, args))!.n;
  const rows = await db.query<PersonRow & R & { id: number }>(
    `SELECT ${x}.id, ${s.cols}, ${PERSON_SQL}
       FROM ${s.from} JOIN candidates c ON c.id = ${x}.candidate_id
      WHERE ${where}
      ORDER BY ${s.order}${pageSql(args, query)}`,
    args,
  );
  return { title: p.title, ...pageFields(query, total), list: rows.map((r) => ({ id: r.id, ...person(r, now), ...s.item(r) })) };
}

/** A position's applications, newest first, optionally of one status. */
export const listApplications = (db: Db, companyId: number, positionId: number, query: z.output<typeof ApplyListQuery>, now: Date) =>
  positionPeople(db, companyId, positionId, query, now, {
    from: 'applications a',
    status: query.status === 'all' ? null : query.status,
    cols: 'a.status, a.source, a.created_at',
    order: 'a.created_at DESC, a.id DESC',
    item: (r: { status: ApplyStatus; source: string; created_at: Date }) => ({ status: r.status, source: r.source, applied_at: fmtDateTime(r.created_at) }),
  });

/** A position's hired candidates, latest hire first. */
export const listHired = (db: Db, companyId: number, positionId: number, query: z.output<typeof InterviewListQuery>, now: Date) =>
  positionPeople(db, companyId, positionId, query, now, {
    from: 'applications a',
    status: 'hired',
    cols: 'a.status, a.source, a.created_at, a.hired_at, a.updated_at',
    order: 'COALESCE(a.hired_at, a.updated_at) DESC, a.id DESC',
    item: (r: { status: 'hired'; source: string; created_at: Date; hired_at: Date | null; updated_at: Date }) => ({
      status: r.status,
      source: r.source,
      applied_at: fmtDateTime(r.created_at),
      hired_at: fmtDateTime(r.hired_at ?? r.updated_at),
    }),
  });

/** The interview invitations sent for a position, newest first. */
export const listInvited = (db: Db, companyId: number, positionId: number, query: z.output<typeof InterviewListQuery>, now: Date) =>
  positionPeople(db, companyId, positionId, query, now, {
    from: 'interviews i',
    cols: 'i.status, i.pick_time, i.address, i.contacts_name, i.contacts_tel, i.remark, i.created_at',
    order: 'i.created_at DESC, i.id DESC',
    item: (r: {
      status: 'pending' | 'accepted' | 'declined' | 'canceled' | 'done';
      pick_time: Date;
      address: string;
      contacts_name: string;
      contacts_tel: string;
      remark: string;
      created_at: Date;
    }) => ({
      status: r.status,
      pick_time: fmtDateTime(r.pick_time),
      address: r.address,
      contacts_name: r.contacts_name,
      contacts_tel: r.contacts_tel,
      remark: r.remark,
      sent_at: fmtDateTime(r.created_at),
    }),
  });

/**
 * 不合适: any application not hired nor already marked, with its reason (issue 32: the short list
 * and a note; '' from callers that send none). The one rule single and batch actions go through.
 */
export async function markUnsuitable(
  db: Db,
  companyId: number,
  id: number,
  now: Date,
  why: { reason?: string; note?: string } = {},
): Promise<{ id: number; status: 'unsuitable' }> {
  const a = await ownApplication(db, id, companyId);
  // one conditional write (no check-then-write): of concurrent calls exactly one changes the row
  const done = await db.one(
    `UPDATE applications SET status = 'unsuitable', updated_at = $2, reject_reason = $3, reject_note = $4
      WHERE id = $1 AND status NOT IN ('hired', 'unsuitable') RETURNING id`,
    [a.id, now, why.reason ?? '', why.note ?? ''],
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
