/**
 * The moves of one interview after its invitation (issue 32 item 1), by HR (recruit permission)
 * or by the candidate on their SMS link: each locks the row, asks the machine
 * (interview-machine.ts) whether the move is allowed from the row's state, checks the move's own
 * rule (签到 from the interview's day, 未到场 after its time, a real new time, a full scorecard),
 * writes the row and an interview_events row, and sends the candidate's SMS (改期 with a new link,
 * 取消) in the same transaction. A feedback's verdict settles the application (outcome.ts).
 */
import type { InterviewLinkData, InterviewState, Verdict } from '../../../contract/interviews';
import { MOBILE_RE } from '../../../contract/common';
import { maskMobile } from '../../../contract/person';
import type { Db } from '../../db/types';
import { newToken, sha256hex } from '../../lib/crypto';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import { addDays, fmtDate, fmtDateTime } from '../../lib/time';
import { chinaMidnight } from '../accounts/todos';
import { sendNotice, type NoticeTemplate } from '../notices';
import { interviewCriteria } from './interview-settings';
import { allowedMoves, CANDIDATE_MOVES, nextState, refusalText, stateOf, statusOf } from './interview-machine';
import { maskName, parseChinaTime } from './texts';
import { applyInterviewOutcome } from './outcome';
import { interviewAnswered } from '../messages/events';

export type Move =
  | { action: 'confirm' | 'decline' | 'check_in' | 'no_show' }
  | { action: 'reschedule'; pick_time: string; reason: string }
  | { action: 'cancel'; reason: string }
  | { action: 'feedback'; verdict: Verdict; scores: string; notes: string };

interface Row {
  id: number;
  company_id: number;
  application_id: number | null;
  status: string;
  verdict: string | null;
  pick_time: Date;
}
const COLS = 'id, company_id, application_id, status, verdict, pick_time';

/** The candidate's page of an interview. */
export const interviewPageUrl = (token: string) => `/m/interview/${token}`;

/** Texts the candidate's SMS about interview `id` (`link`: a new token's page; the row keeps its hash). */
async function notifyCandidate(t: Db, id: number, template: NoticeTemplate, origin: string, now: Date, extra: Record<string, string>, link: boolean) {
  const r = (await t.one<{
    company_id: number;
    mobile_enc: string | null;
    realname: string;
    job: string;
    company: string;
    short_name: string;
    pick_time: Date;
    address: string;
    contacts_name: string;
    contacts_tel: string;
  }>(
    `SELECT i.company_id, c.mobile_enc, c.realname, p.title AS job, co.name AS company, co.short_name, i.pick_time, i.address, i.contacts_name, i.contacts_tel
       FROM interviews i JOIN candidates c ON c.id = i.candidate_id
       JOIN positions p ON p.id = i.position_id AND p.company_id = i.company_id JOIN companies co ON co.id = i.company_id
      WHERE i.id = $1`,
    [id],
  ))!;
  let url = '';
  if (link) {
    const token = newToken();
    await t.query('UPDATE interviews SET link_token_hash = $2 WHERE id = $1', [id, sha256hex(token)]);
    url = `${origin}${interviewPageUrl(token)}`;
  }
  await sendNotice(
    t,
    r.company_id,
    r.mobile_enc,
    template,
    {
      sign: `【${r.short_name || r.company}】`,
      name: r.realname,
      job: r.job,
      time: fmtDateTime(r.pick_time).slice(0, 16),
      address: r.address,
      contact: `${r.contacts_name} ${r.contacts_tel}`,
      link: url,
      ...extra,
    },
    now,
  );
}

/** The invitation's SMS with the candidate's link (sendInvitation, in its transaction). */
export const sendInviteSms = (t: Db, id: number, origin: string, now: Date) => notifyCandidate(t, id, 'interview_invite', origin, now, {}, true);

/** The move's own rule besides the machine's, and the columns it writes. */
async function moveRule(t: Db, row: Row, m: Move, now: Date): Promise<{ sets: string[]; args: unknown[]; reason: string; pickTime: Date | null }> {
  switch (m.action) {
    case 'confirm':
    case 'decline':
      return { sets: ['answered_at = $N'], args: [now], reason: '', pickTime: null };
    case 'check_in':
      // 签到 from the interview's China day on (early arrivals the same day are fine)
      if (now < chinaMidnight(fmtDate(row.pick_time))) throw badRequest('面试当天才能签到');
      return { sets: ['arrived_at = $N'], args: [now], reason: '', pickTime: null };
    case 'no_show':
      if (now < row.pick_time) throw badRequest('面试时间未到，不能标记未到场');
      return { sets: [], args: [], reason: '', pickTime: null };
    case 'reschedule': {
      const at = parseChinaTime(m.pick_time);
      if (!at) throw badRequest('面试时间格式错误，应为 YYYY-MM-DD HH:mm:ss');
      if (at < now) throw badRequest('新的面试时间不能早于现在');
      if (at > addDays(now, 180)) throw badRequest('面试时间不能晚于180天后');
      if (at.getTime() === row.pick_time.getTime()) throw badRequest('新的面试时间与原时间相同');
      // the new time is reminded again (interview-reminders.ts)
      return { sets: ['pick_time = $N', 'reason = $N', 'answered_at = NULL', 'reminded_at = NULL'], args: [at, m.reason], reason: m.reason, pickTime: at };
    }
    case 'cancel':
      return { sets: ['reason = $N'], args: [m.reason], reason: m.reason, pickTime: null };
    case 'feedback': {
      const criteria = await interviewCriteria(t, row.company_id);
      const scores = m.scores.split(',').map(Number);
      if (scores.length !== criteria.length) throw badRequest(`请为每个评分项打分（共${criteria.length}项）`);
      return {
        sets: ['verdict = $N', 'scores = $N', 'feedback_notes = $N', 'feedback_at = $N'],
        args: [m.verdict, JSON.stringify(criteria.map((name, i) => ({ name, score: scores[i] }))), m.notes, now],
        reason: '',
        pickTime: null,
      };
    }
  }
}

/** One move of a locked row: the machine, the move's rule, the write, the event, the SMS, the outcome. */
async function applyMove(t: Db, row: Row, m: Move, actor: number | null, origin: string, now: Date): Promise<InterviewState> {
  const from = stateOf(row);
  const to = nextState(from, m.action);
  if (!to) throw conflict(refusalText(from, m.action));
  const rule = await moveRule(t, row, m, now);
  const args: unknown[] = [row.id, statusOf(to), now];
  let k = 0;
  const sets = rule.sets.map((s) => (s.includes('$N') ? s.replace('$N', `$${args.push(rule.args[k++])}`) : s));
  if (m.action === 'feedback') sets.push(`feedback_by = $${args.push(actor)}`);
  await t.query(`UPDATE interviews SET status = $2, updated_at = $3${sets.map((s) => `, ${s}`).join('')} WHERE id = $1`, args);
  await t.query(
    `INSERT INTO interview_events (company_id, interview_id, action, from_state, to_state, reason, pick_time, actor_id, at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
    [row.company_id, row.id, m.action, from, to, rule.reason, rule.pickTime, actor, now],
  );
  if (m.action === 'reschedule') await notifyCandidate(t, row.id, 'interview_reschedule', origin, now, { reason: m.reason }, true);
  if (m.action === 'cancel') await notifyCandidate(t, row.id, 'interview_cancel', origin, now, { reason: m.reason }, false);
  if (m.action === 'feedback') await applyInterviewOutcome(t, { companyId: row.company_id, applicationId: row.application_id, verdict: m.verdict }, now);
  return to;
}

/** HR's move of the company's interview `id`; another company's answers like a missing one. */
export async function moveInterview(db: Db, hr: { companyId: number; userId: number }, id: number, m: Move, origin: string, now: Date) {
  return db.tx(async (t) => {
    const row = await t.one<Row>(`SELECT ${COLS} FROM interviews WHERE id = $1 AND company_id = $2 FOR UPDATE`, [id, hr.companyId]);
    if (!row) throw notFound('面试不存在');
    const state = await applyMove(t, row, m, hr.userId, origin, now);
    return { id, state, actions: allowedMoves(state) };
  });
}

// --- the candidate's link ---------------------------------------------------------------------

const LINK_DEAD = '链接已失效：面试已结束';
/** The row behind a link, while the interview is not over (its day has not passed, nobody has recorded 到场/未到场). */
async function linkRow(t: Db, token: string, now: Date, lock: boolean): Promise<Row> {
  const row = await t.one<Row>(`SELECT ${COLS} FROM interviews WHERE link_token_hash = $1${lock ? ' FOR UPDATE' : ''}`, [sha256hex(token)]);
  if (!row) throw notFound('链接无效或已失效，请以最新短信中的链接为准');
  const over = ['done', 'no_show', 'reviewed'].includes(stateOf(row)) || now >= addDays(chinaMidnight(fmtDate(row.pick_time)), 1);
  if (over) throw notFound(LINK_DEAD);
  return row;
}

async function linkPage(t: Db, id: number): Promise<InterviewLinkData> {
  const r = (await t.one<{
    status: string;
    verdict: string | null;
    company: string;
    job: string;
    realname: string;
    gender: string;
    pick_time: Date;
    address: string;
    contacts_name: string;
    contacts_tel: string;
    remark: string;
    reason: string;
  }>(
    `SELECT i.status, i.verdict, co.name AS company, p.title AS job, c.realname, c.gender, i.pick_time, i.address, i.contacts_name,
            i.contacts_tel, i.remark, i.reason
       FROM interviews i JOIN candidates c ON c.id = i.candidate_id
       JOIN positions p ON p.id = i.position_id AND p.company_id = i.company_id JOIN companies co ON co.id = i.company_id
      WHERE i.id = $1`,
    [id],
  ))!;
  const state = stateOf(r);
  return {
    state,
    company_name: r.company,
    job_name: r.job,
    realname: maskName(r.realname, r.gender),
    pick_time: fmtDateTime(r.pick_time),
    address: r.address,
    contacts_name: r.contacts_name,
    // a link can be forwarded: a mobile shows masked here (the SMS itself carries it whole)
    contacts_tel: MOBILE_RE.test(r.contacts_tel) ? maskMobile(r.contacts_tel) : r.contacts_tel,
    remark: r.remark,
    reason: state === 'canceled' || state === 'pending' ? r.reason : '',
    answers: CANDIDATE_MOVES.filter((a) => nextState(state, a) !== null) as ('confirm' | 'decline')[],
  };
}

/** The candidate's page of their interview (the SMS link). */
export async function interviewByLink(db: Db, token: string, now: Date): Promise<InterviewLinkData> {
  const row = await linkRow(db, token, now, false);
  return linkPage(db, row.id);
}

/** The candidate's answer on their link: the same machine as HR's record of it. */
export async function answerByLink(db: Db, token: string, answer: 'confirm' | 'decline', now: Date): Promise<InterviewLinkData> {
  return db.tx(async (t) => {
    const row = await linkRow(t, token, now, true);
    await applyMove(t, row, { action: answer }, null, '', now);
    await interviewAnswered(t, row.id, answer, now);
    return linkPage(t, row.id);
  });
}
