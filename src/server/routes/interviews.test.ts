/**
 * The interview state machine over HTTP (issue 32 item 1). The matrix is generated from the
 * machine's table (interview-machine.ts MACHINE): every state is reached through the API, then
 * every move is tried from it — the allowed ones land where the table says, every forbidden one
 * is refused with the table's Chinese text and leaves the row as it was; the candidate's link
 * likewise. A new state or move is covered without editing this file. Then the rules around the
 * table: the day of 签到, the time of 未到场, 改期's new SMS and link, 取消's SMS, the verdict
 * feeding the application, another company's interview, a colleague without the recruit permission,
 * the candidate's answer in the 消息中心.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { INTERVIEW_ACTIONS, INTERVIEW_STATES, InterviewLinkData, type InterviewAction, type InterviewState } from '../../contract/interviews';
import { InterviewListData } from '../../contract/recruitment';
import { decryptPii } from '../lib/pii';
import { addDays, fmtDate } from '../lib/time';
import { CANDIDATE_MOVES, MACHINE, refusalText } from '../domain/recruitment/interview-machine';
import { remindDueInterviews } from '../domain/recruitment/interview-reminders';
import { call, demoAccounts, entCalls, useTestServer } from '../../../tests/setup/server';

// the server's clock: 10:00 China time tomorrow, so an interview at 08:00 "today" is past and still today
const base = new Date(`${fmtDate(addDays(new Date(), 1))}T10:00:00+08:00`);
let clock = base.getTime();
const s = useTestServer({ now: () => new Date(clock) });
const { get, post } = entCalls(s);
const day = fmtDate(base);
let member: string, nonMember: string;
let job: number;
const used = new Set<number>();

beforeAll(async () => {
  ({ member, nonMember } = await demoAccounts(s));
  const r = await post(
    '/position/save',
    {
      title: `面试流程测试${Date.now() % 10000}`,
      category: '技术研发',
      city: '杭州',
      district: '西湖区',
      salary_min: '10',
      salary_max: '20',
      experience: '1-3',
      education: '3',
      headcount: '2',
      description: '负责面试流程测试岗位的日常工作，熟悉业务。',
      address: '浙江省杭州市西湖区文三路478号',
      contact_name: '王丽娟',
      contact_tel: '0571-88886666',
    },
    member,
  );
  expect(r.body.code, r.body.msg).toBe(200);
  job = r.body.data.id;
});

/** A candidate with a mobile not yet invited in this file. */
async function candidate(): Promise<{ id: number; mobile: string }> {
  const rows = await s.db.query<{ id: number; mobile_enc: string }>('SELECT id, mobile_enc FROM candidates WHERE mobile_enc IS NOT NULL ORDER BY id LIMIT 400');
  const c = rows.find((r) => !used.has(r.id))!;
  used.add(c.id);
  return { id: c.id, mobile: decryptPii(c.mobile_enc) };
}

/** The candidate's latest interview SMS. */
async function lastSms(mobile: string): Promise<string> {
  const r = (await (await fetch(`${s.url}/sandbox/recruit/sms?mobile=${mobile}`)).json()) as { list: { body: string }[] };
  return r.list[0]?.body ?? '';
}
const tokenIn = (sms: string) => /\/m\/interview\/([\w-]+)/.exec(sms)![1]!;

interface Made {
  id: number;
  mobile: string;
  token: string;
}
/** Invites a fresh candidate for 08:00 today (server time). */
async function invite(at = `${day} 08:00:00`): Promise<Made> {
  const c = await candidate();
  const r = await post(
    `/talent/invite/${c.id}`,
    { type: 'user', job_id: String(job), pick_time: at, address: '文三路478号12层', contacts_name: '王丽娟', contacts_tel: '13800000001' },
    member,
  );
  expect(r.body.code, r.body.msg).toBe(200);
  const id = (await s.db.one<{ id: number }>('SELECT id FROM interviews WHERE candidate_id = $1 AND position_id = $2', [c.id, job]))!.id;
  return { id, mobile: c.mobile, token: tokenIn(await lastSms(c.mobile)) };
}

/** What each move sends, valid on its own terms (the machine alone decides). */
const FORM: Record<InterviewAction, [string, Record<string, string>]> = {
  confirm: ['answer', { answer: 'confirm' }],
  decline: ['answer', { answer: 'decline' }],
  reschedule: ['reschedule', { pick_time: `${day} 16:30:00`, reason: '面试官出差' }],
  cancel: ['cancel', { reason: '岗位需求调整' }],
  check_in: ['check-in', {}],
  no_show: ['no-show', {}],
  feedback: ['feedback', { verdict: 'hold', scores: '4,3,5', notes: '基础扎实' }],
};
const act = (id: number, a: InterviewAction, token = member) => post(`/interview/${id}/${FORM[a][0]}`, FORM[a][1], token);

/** A path from 待确认 to each state, found in the table itself (breadth first). */
function pathTo(target: InterviewState): InterviewAction[] {
  const seen = new Map<InterviewState, InterviewAction[]>([['pending', []]]);
  const queue: InterviewState[] = ['pending'];
  while (queue.length) {
    const st = queue.shift()!;
    for (const [a, to] of Object.entries(MACHINE[st]) as [InterviewAction, InterviewState][]) {
      if (!seen.has(to)) {
        seen.set(to, [...seen.get(st)!, a]);
        queue.push(to);
      }
    }
  }
  const p = seen.get(target);
  if (!p) throw new Error(`${target} cannot be reached from pending`);
  return p;
}

async function reach(target: InterviewState): Promise<Made> {
  const m = await invite();
  for (const a of pathTo(target)) {
    const r = await act(m.id, a);
    expect(r.body.code, `${a} on the way to ${target}: ${r.body.msg}`).toBe(200);
    if (a === 'reschedule') m.token = tokenIn(await lastSms(m.mobile));
  }
  expect(await stateIn(m.id)).toBe(target);
  return m;
}

async function stateIn(id: number): Promise<InterviewState> {
  const list = InterviewListData.parse((await get(`/position/${job}/invited?page_size=50`, member)).body.data).list;
  return list.find((x) => x.id === id)!.status;
}

describe('the interview state machine, generated from its table', () => {
  for (const from of INTERVIEW_STATES) {
    it(`from ${from}: each allowed move lands where the table says, each forbidden one is refused and changes nothing`, async () => {
      for (const a of INTERVIEW_ACTIONS) {
        const m = await reach(from);
        const r = await act(m.id, a);
        const to = MACHINE[from][a];
        if (to) {
          expect(r.body.code, `${from} --${a}-> ${to}: ${r.body.msg}`).toBe(200);
          expect(r.body.data.state).toBe(to);
          expect(await stateIn(m.id)).toBe(to);
        } else {
          expect(r.body, `${from} --${a}-> (forbidden)`).toMatchObject({ code: 409, msg: refusalText(from, a) });
          expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
          expect(await stateIn(m.id)).toBe(from);
        }
      }
    });
  }

  it("the candidate's link answers only what the table lets a candidate answer; once the interview is over it is dead", async () => {
    for (const from of INTERVIEW_STATES) {
      for (const a of CANDIDATE_MOVES) {
        const m = await reach(from);
        const r = await post(`/interview/link/${m.token}/answer`, { answer: a });
        const over = from === 'done' || from === 'no_show' || from === 'reviewed';
        if (over) expect(r.body, `${from} link`).toMatchObject({ code: 404, msg: '链接已失效：面试已结束' });
        else if (MACHINE[from][a]) expect(InterviewLinkData.parse(r.body.data).state, `${from} --${a}`).toBe(MACHINE[from][a]);
        else expect(r.body, `${from} --${a} (link)`).toMatchObject({ code: 409, msg: refusalText(from, a) });
      }
    }
  });
});

describe('the rules around the table', () => {
  it('签到 waits for the day, 未到场 for the time; the scorecard must be complete', async () => {
    const later = await invite(`${fmtDate(addDays(base, 2))} 09:00:00`);
    expect((await act(later.id, 'check_in')).body).toMatchObject({ code: 400, msg: '面试当天才能签到' });
    expect((await act(later.id, 'no_show')).body).toMatchObject({ code: 400, msg: '面试时间未到，不能标记未到场' });
    const m = await reach('done');
    expect((await post(`/interview/${m.id}/feedback`, { verdict: 'pass', scores: '4,5' }, member)).body).toMatchObject({
      code: 400,
      msg: '请为每个评分项打分（共3项）',
    });
    expect((await post(`/interview/${m.id}/reschedule`, { pick_time: `${day} 07:00:00`, reason: '' }, member)).body.msg).toBe('请填写改期原因');
  });

  it('改期 texts a new time, reason and link (the old link dies) and asks again; 取消 texts the reason', async () => {
    const m = await invite();
    const first = await lastSms(m.mobile);
    expect(first).toContain('请点击确认是否参加');
    expect((await post(`/interview/link/${m.token}/answer`, { answer: 'confirm' })).body.data.state).toBe('accepted');
    // the answer reaches whoever recruits, in the 消息中心, opening the position's 邀请面试 list
    const inbox = (await get('/messages?kind=interview', member)).body.data as { list: { title: string; ref: { route: string; id: string } }[] };
    expect(inbox.list[0]).toMatchObject({ ref: { route: 'positionInvite', id: String(job) } });
    expect(inbox.list[0]!.title).toContain('确认参加');
    expect((await get('/messages?kind=interview', nonMember)).body.data.list).toEqual([]);
    expect((await act(m.id, 'reschedule')).body.data.state).toBe('pending');
    const sms = await lastSms(m.mobile);
    expect(sms).toContain(`改期至${day} 16:30`);
    expect(sms).toContain('原因：面试官出差');
    const token = tokenIn(sms);
    expect(token).not.toBe(m.token);
    expect((await get(`/interview/link/${m.token}`)).body.code).toBe(404);
    const page = InterviewLinkData.parse((await get(`/interview/link/${token}`)).body.data);
    expect(page).toMatchObject({ state: 'pending', reason: '面试官出差', answers: ['confirm', 'decline'], contacts_tel: '138****0001' });
    expect((await act(m.id, 'cancel')).body.data.state).toBe('canceled');
    expect(await lastSms(m.mobile)).toContain('面试已取消，原因：岗位需求调整');
    expect((await post(`/interview/link/${token}/answer`, { answer: 'confirm' })).body).toMatchObject({ code: 409, msg: '面试已取消，无需回复' });
  });

  it('通过 leaves the application for 录用; 不通过 makes it 不合适', async () => {
    const pass = await reach('done');
    expect((await post(`/interview/${pass.id}/feedback`, { verdict: 'pass', scores: '5,4,5', notes: '推荐录用' }, member)).body.code).toBe(200);
    const fail = await reach('done');
    expect((await post(`/interview/${fail.id}/feedback`, { verdict: 'fail', scores: '2,2,1' }, member)).body.code).toBe(200);
    const list = InterviewListData.parse((await get(`/position/${job}/invited?page_size=50`, member)).body.data).list;
    const p = list.find((x) => x.id === pass.id)!;
    expect(p).toMatchObject({ status: 'reviewed', verdict: 'pass', application_status: 'invited', actions: [] });
    expect(list.find((x) => x.id === fail.id)).toMatchObject({ verdict: 'fail', application_status: 'unsuitable' });
    expect((await post(`/position/application/${p.application_id}/hire`, {}, member)).body.code).toBe(200);
    const scores = await s.db.one<{ scores: unknown }>('SELECT scores FROM interviews WHERE id = $1', [pass.id]);
    expect(scores!.scores).toEqual([
      { name: '专业能力', score: 5 },
      { name: '沟通表达', score: 4 },
      { name: '岗位匹配', score: 5 },
    ]);
  });

  it("another company's interview is 404; a colleague without 招聘 is 403; the company's own criteria rate the feedback", async () => {
    const m = await invite();
    expect((await act(m.id, 'cancel', nonMember)).body).toMatchObject({ code: 404, msg: '面试不存在' });
    const plain = await s.tokenFor('13905710010');
    expect((await act(m.id, 'cancel', plain)).body.code).toBe(403);
    expect((await post('/interview/criteria', { criteria: '技术深度\n团队协作' }, member)).body.data).toEqual({
      criteria: ['技术深度', '团队协作'],
      custom: true,
    });
    const d = await reach('done');
    expect((await post(`/interview/${d.id}/feedback`, { verdict: 'hold', scores: '4,3,5' }, member)).body.msg).toBe('请为每个评分项打分（共2项）');
    expect((await post(`/interview/${d.id}/feedback`, { verdict: 'hold', scores: '4,3' }, member)).body.code).toBe(200);
    expect((await post('/interview/criteria', { criteria: '' }, member)).body.data).toEqual({ criteria: ['专业能力', '沟通表达', '岗位匹配'], custom: false });
    // the link of an interview whose day has passed is dead
    clock = addDays(base, 1).getTime();
    expect((await call(s.url, 'GET', `/ent/v3/interview/link/${m.token}`)).body).toMatchObject({ code: 404, msg: '链接已失效：面试已结束' });
    clock = base.getTime();
  });
});

describe('面试即将开始 (the interview-reminders job, domain/recruitment/interview-reminders.ts)', () => {
  const dueTitles = async (token: string) =>
    ((await get('/messages?kind=interview&size=50', token)).body.data.list as { title: string }[]).map((m) => m.title).filter((t) => t.includes('面试将于'));

  it('one message to the recruiters within the hour, never twice; 改期 makes the new time due; cancelled, later and past ones wait or stay quiet', async () => {
    const soon = await invite(`${day} 10:30:00`);
    const later = await invite(`${day} 11:30:00`);
    const off = await invite(`${day} 10:40:00`);
    const past = await invite(`${day} 09:30:00`);
    expect((await act(off.id, 'cancel')).body.code).toBe(200);
    const now = new Date(clock);
    const first = await remindDueInterviews(s.db, now);
    expect(first).toContain(soon.id);
    for (const m of [later, off, past]) expect(first).not.toContain(m.id);
    // a second run (another server, a retried job) writes nothing
    expect(await remindDueInterviews(s.db, now)).toEqual([]);
    // (the demo's own interviews may be due too: count this candidate's)
    const who = (await s.db.one<{ realname: string }>('SELECT c.realname FROM interviews i JOIN candidates c ON c.id = i.candidate_id WHERE i.id = $1', [
      soon.id,
    ]))!.realname;
    const mine = (await dueTitles(member)).filter((t) => t.startsWith(`${who}的`));
    expect(mine).toEqual([expect.stringMatching(/面试将于10:30开始（候选人尚未确认）$/)]);
    // 财务 does not recruit: no reminder
    expect((await dueTitles(await s.tokenFor('13905710007'))).filter((t) => t.startsWith(`${who}的`))).toEqual([]);
    // 改期 to 10:50: due again, once, without the 尚未确认 once the candidate confirms
    expect((await post(`/interview/${soon.id}/reschedule`, { pick_time: `${day} 10:50:00`, reason: '会议室调整' }, member)).body.code).toBe(200);
    expect((await act(soon.id, 'confirm')).body.code).toBe(200);
    expect(await remindDueInterviews(s.db, now)).toEqual([soon.id]);
    expect((await dueTitles(member)).filter((t) => t.startsWith(`${who}的`) && t.endsWith('面试将于10:50开始'))).toHaveLength(1);
    // half an hour later the 11:30 one is due
    expect(await remindDueInterviews(s.db, new Date(clock + 31 * 60_000))).toEqual([later.id]);
  });
});
