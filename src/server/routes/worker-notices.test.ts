/**
 * Flexible employment's messages are sent (issue 29 item 4) and a person's identity is theirs
 * (item 6): 添加人员 sends 签约短信 (or the task's page when it needs no signature) and says only what
 * it sent, 催签 / 验收 / 驳回 / 发放成功 each reach the worker through the one notice outbox; a person
 * on file with another mobile or card is shown to HR, who keeps or replaces it — never silently,
 * and never over a mobile the worker confirmed.
 */
import { describe, expect, it } from 'vitest';
import { MSG_WORKER_DIFFERS } from '../../contract/employment-rules';
import { payoutsTest } from '../../../tests/setup/payouts';
import { storedNoticeText } from '../domain/notices';
import { markMobileVerified, upsertFlexWorker } from '../domain/employment';
import { blindIndex } from '../lib/pii';
import { makeIdCard } from '../db/seeds/dimission';

const P = payoutsTest({ seqBase: 640 });

/** The flex messages a mobile got, newest first (the sandbox inbox reads the same rows). */
const inbox = async (mobile: string) =>
  ((await (await fetch(`${P.s.url}/sandbox/flex/sms?mobile=${mobile}`)).json()) as { list: { kind: string; body: string }[] }).list;
const ofWorker = async (workerId: number) =>
  (
    await P.s.db.query<{ kind: string; template: string; params_enc: string }>(
      `SELECT n.kind, n.template, n.params_enc FROM notice_sms n JOIN flex_workers w ON w.mobile_bidx = n.mobile_bidx AND w.company_id = n.company_id
        WHERE w.id = $1 AND n.area = 'flex' ORDER BY n.id DESC`,
      [workerId],
    )
  ).map((r) => ({ kind: r.kind, body: storedNoticeText(r) }));

async function openTask(needSign: boolean): Promise<number> {
  const t = (await P.s.db.one<{ id: number }>(`SELECT id FROM flex_tasks WHERE company_id = $1 AND status IN ('recruiting', 'ongoing') ORDER BY id LIMIT 1`, [
    P.c1,
  ]))!;
  const copy = await P.s.db.one<{ id: number }>(
    `INSERT INTO flex_tasks (company_id, task_no, name, status, public_token, need_sign, pay_amount, pay_unit, settle_mode)
     SELECT company_id, 'RWN' || floor(random() * 1e9)::text, name || '（通知）', 'ongoing', md5(random()::text), $2, pay_amount, pay_unit, settle_mode
       FROM flex_tasks WHERE id = $1 RETURNING id`,
    [t.id, needSign],
  );
  return copy!.id;
}
const person = (mobile: string, cert: string, bank = '') => ({ name: '周晓明', mobile, cert_type: 'id_card', cert_no: cert, bank_card: bank });

describe('messages to workers', () => {
  it('添加人员 sends 签约短信 with the worker page, or the task page when no signature is asked; the answer says which', async () => {
    const signed = await openTask(true);
    const r = await P.post(`/employment/task/${signed}/workers`, person('13956400001', makeIdCard('110105', '1990-03-07', 193)), P.member);
    expect(r.body).toMatchObject({ code: 200, msg: '人员已添加，已发送签约短信', data: { added: 1, notified: 1, need_sign: true } });
    const [m] = await inbox('13956400001');
    expect(m!.kind).toBe('flex_invite');
    expect(m!.body).toMatch(/请点击完成签约：http:\/\/127\.0\.0\.1:\d+\/\S+\/w\/[\w-]+$/);
    // no second message for a person already on the task
    expect((await P.post(`/employment/task/${signed}/workers`, person('13956400001', makeIdCard('110105', '1990-03-07', 193)), P.member)).body.msg).toBe(
      '该人员已在任务中',
    );
    expect(await inbox('13956400001')).toHaveLength(1);

    const free = await openTask(false);
    const f = await P.post(`/employment/task/${free}/workers`, person('13956400002', makeIdCard('110105', '1991-04-08', 221)), P.member);
    expect(f.body).toMatchObject({ code: 200, msg: '人员已添加，已发送任务通知短信' });
    expect((await inbox('13956400002'))[0]!.body).toContain('任务详情与交付请点击');
  });

  it('催签, 验收通过 and 驳回 (with the reason and the link) reach the worker', async () => {
    const task = await openTask(true);
    await P.post(`/employment/task/${task}/workers`, person('13956400003', makeIdCard('110105', '1992-05-09', 301)), P.member);
    const tw = (await P.s.db.one<{ id: number }>('SELECT id FROM flex_task_workers WHERE task_id = $1', [task]))!.id;
    expect((await P.post(`/employment/task-worker/${tw}/action`, { action: 'urge' }, P.member)).body.msg).toBe('已发送催签短信');
    expect((await inbox('13956400003'))[0]).toMatchObject({ kind: 'flex_urge' });
    await P.s.db.query(`UPDATE flex_task_workers SET sign_status = 'signed', work_status = 'delivered', delivered_at = now() WHERE id = $1`, [tw]);
    expect((await P.post(`/employment/task-worker/${tw}/action`, { action: 'reject', reason: '照片不清晰' }, P.member)).body.code).toBe(200);
    expect((await inbox('13956400003'))[0]!.body).toMatch(/未通过验收，原因：照片不清晰。请修改后重新交付：http/);
    await P.s.db.query(`UPDATE flex_task_workers SET work_status = 'delivered' WHERE id = $1`, [tw]);
    expect((await P.post(`/employment/task-worker/${tw}/action`, { action: 'accept' }, P.member)).body.code).toBe(200);
    expect((await inbox('13956400003'))[0]!.body).toContain('交付已通过验收');
  });

  it('发放成功 tells the worker the amount paid and the account, once', async () => {
    const b = await P.payingBatch([12_345]);
    const row = b.rows[0]!;
    const worker = (await P.s.db.one<{ worker_id: number }>('SELECT worker_id FROM payout_rows WHERE id = $1', [row.id]))!.worker_id;
    expect(await ofWorker(worker)).toEqual([]);
    expect((await P.channelResult(row.id, 'success')).body.answer.data).toEqual({ applied: true });
    await P.channelResult(row.id, 'success'); // a repeat sends nothing more
    const msgs = await ofWorker(worker);
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatchObject({ kind: 'flex_paid' });
    expect(msgs[0]!.body).toMatch(new RegExp(`任务报酬${(row.net / 100).toFixed(2).replace('.', '\\.')}元已发放至`));
  });
});

describe('one person, one identity', () => {
  const CERT = makeIdCard('110105', '1988-01-01', 551);
  it('a stranger signed up first: HR is told what differs (masked), nothing is written until HR decides', async () => {
    const task = await openTask(true);
    // the public sign-up (no user) with a stranger's mobile and card
    const stranger = await P.s.db.tx((t) =>
      upsertFlexWorker(t, P.c1, { ...person('13956409999', CERT, '6222020200112233446'), cert_type: 'id_card' }, null, new Date()),
    );
    const real = person('13956400010', CERT, '6217000010002223330');
    const asked = await P.post(`/employment/task/${task}/workers`, real, P.member);
    expect(asked.body.code, asked.body.msg).toBe(409);
    expect(asked.body.msg.startsWith(`${MSG_WORKER_DIFFERS}：登记的手机号为139****9999、银行卡为`)).toBe(true);
    expect(asked.body.msg.endsWith('3446（尚未经本人验证）')).toBe(true);
    expect(asked.body.msg).not.toContain('13956409999');
    expect(await P.s.db.one('SELECT 1 FROM flex_task_workers WHERE task_id = $1', [task])).toBeUndefined();
    expect(await inbox('13956400010')).toEqual([]);
    // HR replaces what nobody confirmed: the real mobile gets the message, the stranger's nothing
    const replaced = await P.post(`/employment/task/${task}/workers`, { ...real, on_conflict: 'replace' }, P.member);
    expect(replaced.body).toMatchObject({ code: 200, msg: '人员已添加，已发送签约短信' });
    const w = (await P.s.db.one<{ id: number; mobile_bidx: string; bank_card_mask: string }>(
      'SELECT id, mobile_bidx, bank_card_mask FROM flex_workers WHERE id = $1',
      [stranger],
    ))!;
    expect(w.mobile_bidx).toBe(blindIndex('mobile', '13956400010'));
    expect(w.bank_card_mask).toMatch(/3330$/);
    expect(await inbox('13956409999')).toEqual([]);
    expect(await inbox('13956400010')).toHaveLength(1);
  });

  it('a mobile the worker confirmed by SMS is not replaced by HR; 使用人员库中的信息 adds the person as on file', async () => {
    const task = await openTask(true);
    const CERT2 = makeIdCard('110105', '1989-02-02', 661);
    const id = await P.s.db.tx((t) => upsertFlexWorker(t, P.c1, { ...person('13956400020', CERT2), cert_type: 'id_card' }, null, new Date()));
    await markMobileVerified(P.s.db, id, new Date());
    const typed = person('13956400021', CERT2);
    expect((await P.post(`/employment/task/${task}/workers`, typed, P.member)).body.msg).toContain('（手机号已由本人短信验证）');
    const replace = await P.post(`/employment/task/${task}/workers`, { ...typed, on_conflict: 'replace' }, P.member);
    expect(replace.body).toMatchObject({ code: 409, msg: '该人员已通过短信验证本人手机号，企业不能修改，请使用人员库中的信息或联系本人' });
    const keep = await P.post(`/employment/task/${task}/workers`, { ...typed, on_conflict: 'keep' }, P.member);
    expect(keep.body).toMatchObject({ code: 200, data: { added: 1 } });
    expect(await inbox('13956400020')).toHaveLength(1);
    expect(await inbox('13956400021')).toEqual([]);
    expect((await P.post(`/employment/task/${task}/workers`, { ...typed, on_conflict: 'maybe' }, P.member)).body.code).toBe(400);
  });
});
