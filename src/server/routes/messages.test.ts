/**
 * 消息中心 (issue 32 item 4) over real HTTP: messages written with their events reach the roles
 * that act on them (resignation → 人事 and 管理员; approval → 财务/管理员 but not the submitter;
 * batch paid → 财务), read state is each user's own, another company sees none, and a task whose
 * 站内消息通知 is off writes none.
 */
import { describe, expect, it } from 'vitest';
import { makeIdCard } from '../db/seeds/dimission';
import { payoutsTest } from '../../../tests/setup/payouts';
import { call } from '../../../tests/setup/server';

const P = payoutsTest({ seqBase: 900 });
const [ADMIN2, FINANCE, RECRUITER, HR, MEMBER] = ['13905710006', '13905710007', '13905710008', '13905710009', '13905710010'];
const tokens: Record<string, string> = {};
const tok = async (mobile: string) => (tokens[mobile] ??= await P.s.tokenFor(mobile));

type Msg = { id: number; kind: string; title: string; read: boolean; ref: { route: string; id: string; name: string } };
const list = async (mobile: string | null, q = '') =>
  (await P.get(`/messages${q}`, mobile ? await tok(mobile) : P.member)).body.data as { list: Msg[]; next: number | null; unread: number };
const unread = async (mobile: string | null) => (await P.get('/messages/unread', mobile ? await tok(mobile) : P.member)).body.data.unread as number;
const titles = async (mobile: string | null, kind: string) => (await list(mobile, `?kind=${kind}`)).list.map((m) => m.title);

describe('messages reach the roles that act on them', () => {
  it('a resignation request from the leave page reaches 人事 and the admins, not 招聘/成员/财务 nor another company; read state is per user', async () => {
    const token = (await P.post('/dimission/qrcode', {}, P.member)).body.data.token as string;
    const emp = '13912340064';
    expect((await P.post(`/dimission/leave/${token}/code`, { mobile: emp })).body.code).toBe(200);
    const code = (await call<{ code: string }>(P.s.url, 'GET', `/sandbox/sms?mobile=${emp}`)).body.code;
    const ticket = (await P.post(`/dimission/leave/${token}/verify`, { mobile: emp, code })).body.data.ticket as string;
    const before = { hr: await unread(HR), admin: await unread(null) };
    const sent = await P.post(`/dimission/leave/${token}/submit`, {
      ticket,
      employee_name: '陆小曼',
      id_card: makeIdCard('330106', '1994-02-03', 64),
      dept_name: '市场部',
      job_name: '专员',
      join_date: '2023-01-01',
      last_day: new Date().toISOString().slice(0, 10),
      type: 'resign',
      reason: '个人发展',
    });
    expect(sent.body.code, sent.body.msg).toBe(200);
    const title = '陆小曼提交了离职申请，待处理';
    for (const m of [HR, ADMIN2, null]) expect(await titles(m, 'resignation'), String(m)).toContain(title);
    for (const m of [RECRUITER, MEMBER, FINANCE]) expect(await titles(m, 'resignation'), m).not.toContain(title);
    expect((await P.get('/messages?kind=resignation', P.other)).body.data.list).toEqual([]);
    expect(await unread(HR)).toBe(before.hr + 1);

    // HR reads it: HR's count drops, the admin's does not; another company cannot mark it
    const msg = (await list(HR, '?kind=resignation')).list.find((m) => m.title === title)!;
    expect(msg.ref).toEqual({ route: 'dimission', id: String(sent.body.data.request.id), name: '' });
    expect((await P.post(`/messages/${msg.id}/read`, {}, P.other)).body.code).toBe(404);
    expect((await P.post(`/messages/${msg.id}/read`, {}, await tok(RECRUITER))).body.code).toBe(404);
    expect((await P.post(`/messages/${msg.id}/read`, {}, await tok(HR))).body.data.unread).toBe(before.hr);
    expect((await list(HR, '?status=unread')).list.map((m) => m.id)).not.toContain(msg.id);
    expect(await unread(null)).toBe(before.admin + 1);
    // 全部已读: one mark, the count is 0 and a page of unread is empty
    expect((await P.post('/messages/read-all', {}, P.member)).body.data.unread).toBe(0);
    expect((await list(null, '?status=unread')).list).toEqual([]);
    expect(await unread(HR)).toBe(before.hr);
  });

  it('a batch waiting for approval reaches 财务 but not its submitter; paid, it reaches 财务 and not 人事; keyset pages', async () => {
    const b = await P.payingBatch([12000]);
    const approval = `发放批次${b.batch_no}已提交，待审批确认发放`;
    expect(await titles(FINANCE, 'approval')).toContain(approval);
    expect(await titles(ADMIN2, 'approval')).toContain(approval);
    expect(await titles(null, 'approval')).not.toContain(approval); // 13800000001 submitted it
    expect(await titles(HR, 'approval')).not.toContain(approval);

    expect((await P.channelResult(b.rows[0]!.id, 'success')).body.status).toBe(200);
    const paid = `发放批次${b.batch_no}已全部发放成功`;
    const fin = await list(FINANCE, '?kind=batch_paid');
    expect(fin.list.map((m) => m.title)).toContain(paid);
    expect(fin.list.find((m) => m.title === paid)!.ref).toMatchObject({ route: 'specialBatch', name: '门店盘点' });
    expect(await titles(HR, 'batch_paid')).not.toContain(paid);
    expect(await titles(RECRUITER, 'batch_paid')).not.toContain(paid);

    const first = await list(FINANCE, '?size=1');
    expect(first.list).toHaveLength(1);
    const second = await list(FINANCE, `?size=1&before=${first.next}`);
    expect(second.list[0]!.id).toBeLessThan(first.list[0]!.id);
  });

  it('a public signup writes a message for 人事 only while the task’s 站内消息通知 is on', async () => {
    const signups = async (notifySite: boolean, mobile: string) => {
      const task = await P.taskWith(P.c1, []);
      const t = (await P.s.db.one<{ public_token: string }>(
        `UPDATE flex_tasks SET signup_mode = 'public', notify_site = $2 WHERE id = $1 RETURNING public_token`,
        [task, notifySite],
      ))!;
      const r = await P.post(`/worker/task/${t.public_token}/signup`, {
        name: '钱多多',
        mobile,
        cert_no: makeIdCard('330106', '1990-01-01', Number(mobile.slice(-3))),
      });
      expect(r.body.code, r.body.msg).toBe(200);
      return P.s.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM messages WHERE kind = 'signup' AND ref_id = $1`, [String(task)]);
    };
    expect((await signups(false, '13912340065'))!.n).toBe(0);
    expect((await signups(true, '13912340066'))!.n).toBe(1);
    expect(await titles(HR, 'signup')).toContain('钱多多报名了任务「门店盘点」，待审核');
    expect(await titles(RECRUITER, 'signup')).toEqual([]);
  });
});
