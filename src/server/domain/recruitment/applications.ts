/** The people of one position: its applications, the hired, the invited; 不合适 and 录用. */
import type { z } from 'zod';
import type { ApplyListQuery, InterviewListQuery } from '../../../contract/recruitment';
import type { Db } from '../../db/types';
import { cappedCount, COUNT_CAP, decodeCursor, encodeCursor, offsetWithin, pageFields, pageSql, type Keyset, type Page } from '../../lib/page';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import { fmtDateTime } from '../../lib/time';
import { allowedMoves, stateOf } from './interview-machine';
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
  /** the time the list is ordered by, newest first (then the row's id) */
  at: string;
  /** a row's own fields of the answer, after its id and the person */
  item: (r: R) => T;
}

/**
 * One page of a position's people, with the position's title and the count of all (capped). `after` /
 * `before` (the answer's `next` / `prev`) page by keyset on (at, id); a page number alone by offset.
 * The page's rows are chosen first, then joined to their candidates (nothing per skipped row).
 */
async function positionPeople<R extends object, T extends object>(
  db: Db,
  companyId: number,
  positionId: number,
  query: Page & Keyset,
  now: Date,
  s: PeopleList<R, T>,
) {
  const p = await ownPosition(db, positionId, companyId);
  const x = s.from.slice(-1);
  const args: unknown[] = [p.id];
  let where = `${x}.position_id = $1${s.status ? ` AND ${x}.status = $${args.push(s.status)}` : ''}`;
  // the count stops at COUNT_CAP (total_more: the pager shows 10000+)
  const count = await cappedCount(db, `SELECT 1 FROM ${s.from} WHERE ${where}`, args);
  const cursor = query.after ?? query.before;
  const back = !query.after && !!query.before;
  let paging: string;
  if (cursor) {
    const key = decodeCursor(cursor, ['time', 'int']);
    if (!key) throw badRequest('翻页位置已失效，请回到第一页');
    where += ` AND (${s.at}, ${x}.id) ${back ? '>' : '<'} ($${args.push(String(key[0]))}::timestamptz, $${args.push(Number(key[1]))})`;
    paging = ` LIMIT $${args.push(query.page_size)}`;
  } else {
    offsetWithin(query, COUNT_CAP);
    paging = pageSql(args, query);
  }
  const rows = await db.query<PersonRow & R & { id: number; k_at: string }>(
    `SELECT ${x}.id, ${s.cols}, ${PERSON_SQL}, k.k_at
       FROM (SELECT ${x}.id, (${s.at})::text AS k_at FROM ${s.from} WHERE ${where}
              ORDER BY ${s.at}${back ? '' : ' DESC'}, ${x}.id${back ? '' : ' DESC'}${paging}) k
       JOIN ${s.from} ON ${x}.id = k.id JOIN candidates c ON c.id = ${x}.candidate_id
      ORDER BY ${s.at} DESC, ${x}.id DESC`,
    args,
  );
  const key = (r: { id: number; k_at: string } | undefined) => (r ? encodeCursor([r.k_at, r.id]) : '');
  return {
    title: p.title,
    ...pageFields(query, count.total),
    total_more: count.total_more,
    next: key(rows[rows.length - 1]),
    prev: key(rows[0]),
    list: rows.map((r) => ({ id: r.id, ...person(r, now), ...s.item(r) })),
  };
}

/** A position's applications, newest first, optionally of one status. */
export const listApplications = (db: Db, companyId: number, positionId: number, query: z.output<typeof ApplyListQuery>, now: Date) =>
  positionPeople(db, companyId, positionId, query, now, {
    from: 'applications a',
    status: query.status === 'all' ? null : query.status,
    cols: 'a.status, a.source, a.created_at',
    at: 'a.created_at',
    item: (r: { status: ApplyStatus; source: string; created_at: Date }) => ({ status: r.status, source: r.source, applied_at: fmtDateTime(r.created_at) }),
  });

/** A position's hired candidates, latest hire first. */
export const listHired = (db: Db, companyId: number, positionId: number, query: z.output<typeof InterviewListQuery>, now: Date) =>
  positionPeople(db, companyId, positionId, query, now, {
    from: 'applications a',
    status: 'hired',
    cols: 'a.status, a.source, a.created_at, a.hired_at, a.updated_at',
    at: 'COALESCE(a.hired_at, a.updated_at)',
    item: (r: { status: 'hired'; source: string; created_at: Date; hired_at: Date | null; updated_at: Date }) => ({
      status: r.status,
      source: r.source,
      applied_at: fmtDateTime(r.created_at),
      hired_at: fmtDateTime(r.hired_at ?? r.updated_at),
    }),
  });

/** The interview invitations sent for a position, newest first, each with its state and the moves it allows. */
export const listInvited = (db: Db, companyId: number, positionId: number, query: z.output<typeof InterviewListQuery>, now: Date) =>
  positionPeople(db, companyId, positionId, query, now, {
    from: 'interviews i',
    cols: `i.status, i.verdict, i.reason, i.pick_time, i.address, i.contacts_name, i.contacts_tel, i.remark, i.created_at, i.application_id,
           (SELECT a.status FROM applications a WHERE a.id = i.application_id AND a.company_id = i.company_id) AS application_status`,
    at: 'i.created_at',
    item: (r: {
      status: string;
      verdict: 'pass' | 'hold' | 'fail' | null;
      reason: string;
      pick_time: Date;
      address: string;
      contacts_name: string;
      contacts_tel: string;
      remark: string;
      created_at: Date;
      application_id: number | null;
      application_status: ApplyStatus | null;
    }) => {
      const state = stateOf(r);
      return {
        status: state,
        actions: allowedMoves(state),
        reason: r.reason,
        verdict: r.verdict,
        application_id: r.application_id,
        application_status: r.application_status,
        pick_time: fmtDateTime(r.pick_time),
        address: r.address,
        contacts_name: r.contacts_name,
        contacts_tel: r.contacts_tel,
        remark: r.remark,
        sent_at: fmtDateTime(r.created_at),
      };
    },
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
