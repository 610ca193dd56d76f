/**
 * The accounts area over real HTTP against PGlite: company verification, colleagues, personal
 * data, membership orders and invoices. Why ~450 lines: one seeded server for the area's flows.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../../tests/setup/server';
import { makeUscc } from '../lib/uscc';
import { mobileIndex } from '../domain/users';
import { insertUser } from '../../../tests/setup/users';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const api = (method: string, path: string, token?: string, form?: Record<string, string>) => call(s.url, method, `/ent/v3${path}`, { token, form });

// a 1×1 PNG
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

async function newUserToken(mobile: string): Promise<string> {
  await insertUser(s.db, mobile, {}, { onConflict: 'nothing' });
  return s.tokenFor(mobile);
}

const form = (over: Record<string, string> = {}) => ({
  company_name: '苏州澄湖精密制造有限公司',
  creditcode: makeUscc('320506', 'MA1XK7P3'),
  industry: '制造业',
  staff_num_range: '100-499人',
  address: '江苏省苏州市吴中区澄湖东路18号',
  represent: '沈国平',
  license_id: '0',
  contact_name: '顾佳',
  contact_mobile: '13962100001',
  ...over,
});

describe('company application and review', () => {
  it('validates, stores the licence, applies, and the sandbox review makes the applicant an admin', async () => {
    const token = await newUserToken('13962100001');
    // licence: type checked by content, not by label
    const bad = await api('POST', '/usercenter/company/license', token, { image: 'data:image/png;base64,aGVsbG8=' });
    expect(bad.body).toMatchObject({ code: 400, msg: '营业执照照片仅支持 JPG、PNG 格式' });
    const up = await api('POST', '/usercenter/company/license', token, { image: PNG });
    expect(up.body.code).toBe(200);
    const license_id = String(up.body.data.license_id);

    const wrongCheck = form({ license_id, creditcode: form().creditcode.slice(0, 17) + (form().creditcode.endsWith('0') ? '1' : '0') });
    expect((await api('POST', '/usercenter/company/apply', token, wrongCheck)).body).toMatchObject({
      code: 400,
      msg: '统一社会信用代码校验位不正确，请核对营业执照',
    });
    expect((await api('POST', '/usercenter/company/apply', token, form({ license_id, industry: '外星产业' }))).body.msg).toBe('请选择所属行业');
    expect((await api('POST', '/usercenter/company/apply', token, form())).body.msg).toBe('请上传营业执照照片');

    // someone else's licence is refused
    const other = await newUserToken('13962100002');
    const up2 = await api('POST', '/usercenter/company/license', other, { image: PNG });
    expect((await api('POST', '/usercenter/company/apply', token, form({ license_id: String(up2.body.data.license_id) }))).body).toMatchObject({
      code: 404,
    });

    const img = await api('GET', `/usercenter/company/license/${license_id}`, token);
    expect(img.body.data.image).toBe(PNG);
    // another user's licence answers exactly like a missing one
    const theirs = await api('GET', `/usercenter/company/license/${license_id}`, other);
    expect(theirs.body).toEqual((await api('GET', '/usercenter/company/license/99999999', other)).body);
    expect(theirs.body.code).toBe(404);
    const ok = await api('POST', '/usercenter/company/apply', token, form({ license_id }));
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.company).toMatchObject({ status: 'apply', is_applicant: true, company_name: '苏州澄湖精密制造有限公司' });
    const again = await api('POST', '/usercenter/company/apply', token, form({ license_id }));
    expect(again.body).toMatchObject({ code: 409, msg: '企业信息审核中，请勿重复提交' });

    // the same credit code from another user
    expect(
      (await api('POST', '/usercenter/company/apply', other, form({ license_id: String(up2.body.data.license_id), company_name: '另一家公司' }))).body.code,
    ).toBe(409);

    const info = await api('GET', '/usercenter/info', token);
    expect(info.body.data.user.company_status).toBe('apply');

    // rejected → resubmit → pass
    const id = ok.body.data.company.id;
    const review = (result: string, reason = '') =>
      call(s.url, 'POST', `/sandbox/companies/${id}/review`, { form: { result, reason }, headers: { accept: 'application/json' } });
    expect((await review('reject', '营业执照照片不清晰')).body.code).toBe(200);
    const rejected = await api('GET', '/usercenter/company', token);
    expect(rejected.body.data.company).toMatchObject({ status: 'reject', reject_reason: '营业执照照片不清晰' });
    const re = await api('POST', '/usercenter/company/apply', token, form({ license_id, address: '江苏省苏州市吴中区澄湖东路18号2号楼' }));
    expect(re.body.data.company).toMatchObject({ status: 'apply', reject_reason: '' });
    expect((await review('pass')).body.code).toBe(200);
    const after = await api('GET', '/usercenter/info', token);
    expect(after.body.data.user.company_status).toBe('normal');
    expect(after.body.data.member).toMatchObject({ is_admin: 1, company_lv: 0, crc: 100 });
  });
});

describe('licence upload limits', () => {
  const png = (bytes: number) => {
    const b = Buffer.alloc(bytes, 7);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
    return `data:image/png;base64,${b.toString('base64')}`;
  };
  it('takes a 3 MB image as a form field and refuses one over 5 MB with a clear message', async () => {
    const token = await newUserToken('13962100031');
    const ok = await api('POST', '/usercenter/company/license', token, { image: png(3 * 1024 * 1024) });
    expect(ok.body.data.size).toBe(3 * 1024 * 1024);
    const big = await api('POST', '/usercenter/company/license', token, { image: png(5.5 * 1024 * 1024) });
    expect(big.body).toMatchObject({ code: 400, msg: '营业执照照片不能超过 5MB' });
    const gif = await api('POST', '/usercenter/company/license', token, { image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' });
    expect(gif.body.msg).toBe('营业执照照片仅支持 JPG、PNG 格式');
    expect((await api('POST', '/usercenter/company/license', token, { image: '' })).body.msg).toBe('请选择营业执照照片');
    // other endpoints keep the small default limit
    const huge = await api('POST', '/usercenter/profile', token, { realname: '张三', job_name: 'x'.repeat(100 * 1024) });
    expect(huge.body.code).toBe(413);
  });
});

describe('the licence through the upload engine (an ImageId)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'license-media-'));
  let n = 0;
  /** a media row and its stored object, as the VOD/OSS sandboxes leave them */
  async function media(userId: number, opts: { kind?: 'image' | 'video'; status?: 'Uploading' | 'Normal'; bytes?: Buffer; companyId?: number | null } = {}) {
    const id = `lic-media-${++n}-${Date.now()}`;
    const key = `image/default/${id}.png`;
    await s.db.query(
      `INSERT INTO media (media_id, kind, company_id, user_id, title, file_name, file_size, bucket, object_key, status)
       VALUES ($1, $2, $3, $4, '营业执照', '营业执照.png', $5, 'outin-hrconsole-sandbox', $6, $7)`,
      [id, opts.kind ?? 'image', opts.companyId ?? null, userId, opts.bytes?.length ?? 0, key, opts.status ?? 'Normal'],
    );
    if (opts.bytes && (opts.status ?? 'Normal') === 'Normal') {
      const file = path.join(dir, `${id}.bin`);
      writeFileSync(file, opts.bytes);
      await s.db.query(
        `INSERT INTO oss_objects (bucket, object_key, size, etag, crc64, content_type, file_path) VALUES ('outin-hrconsole-sandbox', $1, $2, 'e', '0', 'image/png', $3)`,
        [key, opts.bytes.length, file],
      );
    }
    return id;
  }
  const pngBytes = Buffer.from(PNG.split(',')[1]!, 'base64');
  const userId = async (mobile: string) => (await s.db.one<{ id: number }>('SELECT id FROM users WHERE mobile_bidx = $1', [mobileIndex(mobile)]))!.id;

  it('takes the caller’s finished image, refuses another user’s, an unfinished one and a video; the licence viewer shows it', async () => {
    const token = await newUserToken('13962100041');
    const other = await newUserToken('13962100042');
    const me = await userId('13962100041');
    const them = await userId('13962100042');

    const mine = await media(me, { bytes: pngBytes });
    const ok = await api('POST', '/usercenter/company/license/media', token, { media_id: mine });
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.size).toBe(pngBytes.length);
    const license_id = String(ok.body.data.license_id);
    expect((await api('GET', `/usercenter/company/license/${license_id}`, token)).body.data.image).toBe(PNG);

    // another user's ImageId (and one that does not exist) is refused alike
    const theirs = await media(them, { bytes: pngBytes });
    expect((await api('POST', '/usercenter/company/license/media', token, { media_id: theirs })).body).toMatchObject({
      code: 404,
      msg: '营业执照照片无效，请重新上传',
    });
    expect((await api('POST', '/usercenter/company/license/media', token, { media_id: 'no-such-image' })).body.code).toBe(404);
    expect((await api('POST', '/usercenter/company/license/media', other, { media_id: theirs })).body.code).toBe(200);

    // unfinished, a video, not a JPG/PNG by content
    const unfinished = await media(me, { status: 'Uploading' });
    expect((await api('POST', '/usercenter/company/license/media', token, { media_id: unfinished })).body).toMatchObject({
      code: 400,
      msg: '营业执照照片尚未上传完成，请稍后再试',
    });
    const video = await media(me, { kind: 'video', bytes: pngBytes });
    expect((await api('POST', '/usercenter/company/license/media', token, { media_id: video })).body).toMatchObject({
      code: 400,
      msg: '营业执照照片仅支持 JPG、PNG 格式',
    });
    const gif = await media(me, { bytes: Buffer.from('R0lGODlhAQABAAAAACw=', 'base64') });
    expect((await api('POST', '/usercenter/company/license/media', token, { media_id: gif })).body.msg).toBe('营业执照照片仅支持 JPG、PNG 格式');
    const big = await media(me, { bytes: Buffer.concat([pngBytes, Buffer.alloc(5 * 1024 * 1024)]) });
    expect((await api('POST', '/usercenter/company/license/media', token, { media_id: big })).body.msg).toBe('营业执照照片不能超过 5MB');
    expect((await api('POST', '/usercenter/company/license/media', token, { media_id: '' })).body.msg).toBe('请上传营业执照照片');

    // the licence file is the caller's: the application takes it, another user's application does not
    expect(
      (
        await api(
          'POST',
          '/usercenter/company/apply',
          other,
          form({ license_id, company_name: '苏州澄湖二厂有限公司', creditcode: makeUscc('320506', 'MA1XK7P4') }),
        )
      ).body.code,
    ).toBe(404);
    const applied = await api(
      'POST',
      '/usercenter/company/apply',
      token,
      form({ license_id, company_name: '苏州澄湖三厂有限公司', creditcode: makeUscc('320506', 'MA1XK7P5') }),
    );
    expect(applied.body.code).toBe(200);
    expect(applied.body.data.company.license_id).toBe(Number(license_id));
  });
});

describe('refusals for another company’s objects', () => {
  it('orders, order invoices, colleague checks and the ledger belong to the caller’s company', async () => {
    const t1 = await s.tokenFor('13800000001');
    const t2 = await s.tokenFor('13800000002');
    const order = await api('POST', '/usercenter/company/order/create', t2, { pack: 'year' });
    expect(order.body.code).toBe(200);
    const id = order.body.data.order_id as string;
    // another company's order answers exactly like a missing one
    const missing = { code: 404, msg: '订单不存在', data: null };
    expect((await api('GET', `/usercenter/company/order/${id}`, t1)).body).toEqual(missing);
    expect((await api('GET', '/usercenter/company/order/YF2024110800012', t2)).body).toEqual(missing);
    const inv = { company_name: '杭州云帆', creditcode: '91330106MA27WQ3D0X', invoice_type: '0' };
    expect((await api('POST', '/usercenter/company/order/invoice/YF2024110800012', t2, inv)).body).toEqual(missing);
    expect((await api('GET', '/usercenter/company/order/NOSUCHORDER1', t2)).body.code).toBe(404);

    const pendingId = (await s.db.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = '${mobileIndex('13800000005')}'`))!.id;
    expect((await api('POST', `/usercenter/colleagues/${pendingId}/check`, t2, { result: 'pass' })).body).toEqual(
      (await api('POST', '/usercenter/colleagues/99999999/check', t2, { result: 'pass' })).body,
    );
    expect((await api('POST', `/usercenter/colleagues/${pendingId}/check`, t2, { result: 'pass' })).body).toMatchObject({ code: 404 });
    // a colleague without 管理员 may not check colleagues or buy membership (the table's perm, issue 27)
    const member = await s.tokenFor('13905710001');
    expect((await api('POST', `/usercenter/colleagues/${pendingId}/check`, member, { result: 'pass' })).body.msg).toBe('您没有该操作的权限，请联系企业管理员');
    expect((await api('POST', '/usercenter/company/order/create', member, { pack: 'year' })).body.msg).toBe('您没有该操作的权限，请联系企业管理员');
    // no company / under review
    const t4 = await s.tokenFor('13800000004');
    expect((await api('POST', '/usercenter/company/order/create', t4, { pack: 'year' })).body).toMatchObject({ code: 403, msg: '请先完成企业认证' });
    expect((await api('GET', '/usercenter/crc', t4)).body.code).toBe(403);
    expect((await api('GET', '/usercenter/colleagues', await s.tokenFor('13800000003'))).body.msg).toBe('企业信息审核中，暂不能使用该功能');
    expect((await api('GET', '/usercenter/colleagues', await s.tokenFor('13800000005'))).body.msg).toBe('您的加入申请正在等待企业管理员审核');
    expect((await api('GET', '/usercenter/company/invoice')).body.code).toBe(410000);
    // only the company's own ledger
    const ledger = await api('GET', '/usercenter/crc', t2);
    expect(ledger.body.data.list.length).toBeGreaterThan(0);
    expect(ledger.body.data.list.every((e: { reason: string }) => !e.reason.includes('郑雪'))).toBe(true);
  });
});

describe('membership payment (WeChat Pay sandbox)', () => {
  it('a replayed confirmation grants membership and CRC exactly once', async () => {
    const t2 = await s.tokenFor('13800000002');
    const before = (await api('GET', '/usercenter/info', t2)).body.data.member;
    expect(before.company_lv).toBe(0);
    expect((await api('POST', '/usercenter/company/order/create', t2, { pack: 'nope' })).body.msg).toBe('该会员套餐不存在或已下架，请重新选择');
    const created = await api('POST', '/usercenter/company/order/create', t2, { pack: 'year' });
    const { order_id, code_url } = created.body.data;
    expect(code_url).toBe(`${s.url}/sandbox/pay/${order_id}`);
    expect((await api('GET', `/usercenter/company/order/${order_id}`, t2)).body.data).toMatchObject({ payment_status: false, amount: 398000 });
    // no invoice before payment
    const inv = { company_name: '南京禾木餐饮管理有限公司', creditcode: '91320106MA1N8R2K0X', invoice_type: '0' };
    expect((await api('POST', `/usercenter/company/order/invoice/${order_id}`, t2, inv)).body.code).toBe(409);

    const page = await call<string>(s.url, 'GET', `/sandbox/pay/${order_id}`);
    expect(page.body).toContain('¥3980.00');
    expect(page.body).toContain('确认支付');
    const pay = () => call(s.url, 'POST', `/sandbox/pay/${order_id}`, { headers: { accept: 'application/json' } });
    const first = await pay();
    expect(first.body.data.paid_now).toBe(true);
    const second = await pay();
    expect(second.body).toMatchObject({ code: 200, msg: '订单已支付' });
    expect(second.body.data.paid_now).toBe(false);
    await Promise.all([pay(), pay()]);

    expect((await api('GET', `/usercenter/company/order/${order_id}`, t2)).body.data.payment_status).toBe(true);
    const after = (await api('GET', '/usercenter/info', t2)).body.data.member;
    expect(after.company_lv).toBe(1);
    expect(after.crc).toBe(before.crc + 500);
    expect(after.member_expire).toBe(first.body.data.member_expire);
    const gifts = await s.db.query('SELECT 1 FROM crc_ledger WHERE ref = $1', [order_id]);
    expect(gifts).toHaveLength(1);
    const ledger = await api('GET', '/usercenter/crc', t2);
    expect(ledger.body.data.list[0]).toMatchObject({ delta: 500, reason: '开通年度会员赠送', ref: order_id, balance_after: after.crc });

    // a second order extends from the end of the first
    const next = await api('POST', '/usercenter/company/order/create', t2, { pack: 'quarter' });
    const p2 = await call(s.url, 'POST', `/sandbox/pay/${next.body.data.order_id}`, { headers: { accept: 'application/json' } });
    const end1 = new Date(`${after.member_expire}T00:00:00Z`).getTime();
    const end2 = new Date(`${p2.body.data.member_expire}T00:00:00Z`).getTime();
    expect((end2 - end1) / 86_400_000).toBe(90);
  });

  it('invoices: SPEC §5 rules on the server, saved and read back', async () => {
    const t2 = await s.tokenFor('13800000002');
    const base = { company_name: '南京禾木餐饮管理有限公司', creditcode: '91320106MA1N8R2K0X', invoice_type: '1' };
    // nothing saved yet: the dialog starts from the verified company's name and credit code (税务登记号, issue 33)
    await s.db.query(`DELETE FROM company_invoices WHERE company_id = (SELECT company_id FROM users WHERE mobile_bidx = $1)`, [mobileIndex('13800000002')]);
    const first = (await api('GET', '/usercenter/company/invoice', t2)).body.data;
    expect(first).toEqual({ invoice: null, defaults: { company_name: '南京禾木餐饮管理有限公司', creditcode: makeUscc('320106', 'MA1N8R2K') } });
    expect((await api('POST', '/usercenter/company/invoice', t2, { ...base, company_name: ' ' })).body.msg).toBe('请填写企业发票抬头');
    expect((await api('POST', '/usercenter/company/invoice', t2, { ...base, invoice_type: '' })).body.msg).toBe('请选择发票类型');
    expect((await api('POST', '/usercenter/company/invoice', t2, base)).body.msg).toBe('请填写基本户账号');
    const special = {
      ...base,
      bank_account: '4301011309100123456',
      bank_name: '中国工商银行南京鼓楼支行',
      address: '南京市鼓楼区中山北路88号',
      phone: '02583356789',
    };
    expect((await api('POST', '/usercenter/company/invoice', t2, { ...special, ship_name: '刘志强' })).body.msg).toBe('请填写收件地址');
    expect(
      (await api('POST', '/usercenter/company/invoice', t2, { ...special, ship_name: '刘志强', ship_address: '南京市鼓楼区', ship_phone: '123' })).body.msg,
    ).toBe('请填写正确的收件人电话');
    const saved = await api('POST', '/usercenter/company/invoice', t2, {
      ...special,
      ship_name: '刘志强',
      ship_address: '南京市鼓楼区中山北路88号',
      ship_phone: '13913900001',
    });
    expect(saved.body).toMatchObject({ code: 200, msg: '保存成功' });
    const got = await api('GET', '/usercenter/company/invoice', t2);
    expect(got.body.data.invoice).toMatchObject({ invoice_type: 1, bank_name: '中国工商银行南京鼓楼支行', ship_phone: '13913900001' });
  });
});

describe('colleagues and invitations', () => {
  it('the admin approves a pending colleague; an invitation link puts a new user in pending checks', async () => {
    const t1 = await s.tokenFor('13800000001');
    const list = await api('GET', '/usercenter/colleagues', t1);
    // the admin sees a colleague's mobile masked, like everyone else (issue 28 item 4, docs/pii.md)
    expect(list.body.data.pending.map((c: { mobile: string }) => c.mobile)).toContain('138****0005');
    const pendingId = list.body.data.pending[0].id;
    expect((await api('POST', `/usercenter/colleagues/${pendingId}/check`, t1, { result: 'pass' })).body.code).toBe(200);
    expect((await api('POST', `/usercenter/colleagues/${pendingId}/check`, t1, { result: 'pass' })).body.code).toBe(409);
    const t5 = await s.tokenFor('13800000005');
    expect((await api('GET', '/usercenter/info', t5)).body.data.user.company_status).toBe('normal');

    const invite = await api('GET', '/usercenter/company/invite', t1);
    const code = invite.body.data.code as string;
    expect((await api('GET', `/company/invite/${code}`)).body.data.company_name).toBe('杭州云帆智联科技有限公司');
    const newbie = await newUserToken('13962100009');
    const join = { code, realname: '钱多多', dept_name: '市场部', job_name: '市场专员' };
    expect((await api('POST', '/usercenter/company/join', newbie, { ...join, code: 'WRONGCODE1' })).body.code).toBe(404);
    expect((await api('POST', '/usercenter/company/join', newbie, join)).body.code).toBe(200);
    expect((await api('POST', '/usercenter/company/join', newbie, join)).body.msg).toBe('您已提交加入申请，请等待企业管理员审核');
    const again = await api('GET', '/usercenter/colleagues', t1);
    expect(again.body.data.pending.map((c: { realname: string }) => c.realname)).toContain('钱多多');
    expect((await api('GET', '/usercenter/info', t1)).body.data.member.check_num).toBe(1);
  });
});

describe('friend invitations', () => {
  it('a new account accepts a friend’s link once; the inviter sees it in the records', async () => {
    const t1 = await s.tokenFor('13800000001');
    const mine = await api('GET', '/usercenter/invite', t1);
    const code = mine.body.data.code as string;
    expect((await api('GET', `/invite/${code}`)).body.data.inviter).toBe('王**');
    expect((await api('POST', '/usercenter/invite/accept', t1, { code })).body.msg).toBe('不能接受自己的邀请');
    const friend = await newUserToken('13962100055');
    expect((await api('POST', '/usercenter/invite/accept', friend, { code })).body.code).toBe(200);
    expect((await api('POST', '/usercenter/invite/accept', friend, { code })).body.msg).toBe('您已接受过好友邀请');
    // an old account cannot claim to be invited
    const old = await s.tokenFor('13800000002');
    expect((await api('POST', '/usercenter/invite/accept', old, { code })).body.msg).toBe('仅新注册的用户可以接受邀请');
    const after = await api('GET', '/usercenter/invite', t1);
    expect(after.body.data.list).toEqual([expect.objectContaining({ mobile: '139****0055', company_status: 'no_apply' })]);
  });
});

describe('WeChat scan login and /bind', () => {
  const qr = async () => (await api('POST', '/login/wechat/qrcode')).body.data as { ticket: string; poll_secret: string; qr_url: string };
  const status = (poll: string) => api('POST', '/login/wechat/status', undefined, { poll_secret: poll });
  const confirm = (ticket: string, openid: string) =>
    call(s.url, 'POST', `/sandbox/wechat/${ticket}`, { form: { openid, nickname: '小周' }, headers: { accept: 'application/json' } });

  it('first scan binds a mobile; a mobile bound to another WeChat account is refused; the next scan logs in', async () => {
    const { ticket, poll_secret: poll, qr_url } = await qr();
    expect(qr_url).toBe(`${s.url}/sandbox/wechat/${ticket}`);
    expect(poll).not.toBe(ticket);
    expect((await status(poll)).body.data.status).toBe('waiting');
    const page = await call<string>(s.url, 'GET', `/sandbox/wechat/${ticket}`);
    expect(page.body).toContain('确认登录');
    expect((await status(poll)).body.data.status).toBe('scanned');
    await confirm(ticket, 'wx_openid_zhou_0001');
    const st = await status(poll);
    expect(st.body.data).toMatchObject({ status: 'confirmed', need_bind: true });
    expect(st.body.data.token).toBeUndefined();

    // 13800000002 is bound to another WeChat account
    await s.db.query(`UPDATE users SET wechat_openid = 'wx_other_account' WHERE mobile_bidx = '${mobileIndex('13800000002')}'`);
    await api('POST', '/login/code', undefined, { mobile: '13800000002' });
    const code2 = (await call<{ code: string }>(s.url, 'GET', '/sandbox/sms?mobile=13800000002')).body.code;
    const refused = await api('POST', '/login/wechat/bind', undefined, { poll_secret: poll, mobile: '13800000002', code: code2 });
    expect(refused.body).toMatchObject({ code: 409, msg: '该手机号已绑定其他微信账号，请更换手机号，或使用手机号验证码登录' });

    await api('POST', '/login/code', undefined, { mobile: '13962100077' });
    const code = (await call<{ code: string }>(s.url, 'GET', '/sandbox/sms?mobile=13962100077')).body.code;
    const wrong = await api('POST', '/login/wechat/bind', undefined, {
      poll_secret: poll,
      mobile: '13962100077',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body.msg).toBe('验证码错误');
    // the QR's ticket (in access logs, on the phone) cannot bind
    const byTicket = await api('POST', '/login/wechat/bind', undefined, { poll_secret: ticket, mobile: '13962100077', code });
    expect(byTicket.body.msg).toBe('绑定已失效，请重新扫码登录');
    const bound = await api('POST', '/login/wechat/bind', undefined, { poll_secret: poll, mobile: '13962100077', code });
    expect(bound.body.code).toBe(200);
    expect(bound.body.data.user.mobile).toBe('13962100077');
    const info = await api('GET', '/usercenter/info', bound.body.data.token);
    expect(info.body.code).toBe(200);
    // the QR is used up
    expect((await api('POST', '/login/wechat/bind', undefined, { poll_secret: poll, mobile: '13962100077', code })).body.msg).toBe(
      '绑定已失效，请重新扫码登录',
    );

    // the same WeChat account scans again: logged in at once, the token handed out once
    const second = await qr();
    await confirm(second.ticket, 'wx_openid_zhou_0001');
    const ok = await status(second.poll_secret);
    expect(ok.body.data).toMatchObject({ status: 'confirmed', user: { mobile: '13962100077' } });
    expect(typeof ok.body.data.token).toBe('string');
    expect((await status(second.poll_secret)).body.data.status).toBe('expired');
    expect((await confirm(second.ticket, 'wx_openid_zhou_0001')).body.code).toBe(409);
  });

  it('the ticket claims nothing: only the poll secret, in a POST body, polls and takes the token', async () => {
    const { ticket, poll_secret: poll } = await qr();
    await confirm(ticket, 'wx_openid_zhou_0001');
    // the old GET with the ticket in the URL is gone
    expect((await api('GET', `/login/wechat/${ticket}`)).body.code).toBe(404);
    // the ticket in the body is not a poll secret
    const byTicket = await status(ticket);
    expect(byTicket.body).toMatchObject({ code: 404, msg: '二维码无效，请刷新后重试' });
    expect(byTicket.body.data).toBeNull();
    // the login page's secret still works afterwards
    const ok = await status(poll);
    expect(ok.body.data).toMatchObject({ status: 'confirmed' });
    expect(typeof ok.body.data.token).toBe('string');
  });

  it('a cancelled or unknown QR', async () => {
    const { ticket, poll_secret: poll } = await qr();
    await call(s.url, 'POST', `/sandbox/wechat/${ticket}`, { form: { openid: 'wx_abcdefg', action: 'cancel' }, headers: { accept: 'application/json' } });
    expect((await status(poll)).body.data.status).toBe('cancelled');
    expect((await status('AAAAAAAAAAAAAAAAAAAAAAAAAAAA')).body.code).toBe(404);
  });
});

describe('profile, partners, orders', () => {
  it('edits personal info and lists partners and orders', async () => {
    const t1 = await s.tokenFor('13800000001');
    expect((await api('POST', '/usercenter/profile', t1, { realname: '', job_name: '总监' })).body.msg).toBe('请填写真实姓名（2-20个字）');
    expect((await api('POST', '/usercenter/profile', t1, { realname: '王丽娟', dept_name: '人力资源部', job_name: '人力资源总监' })).body.code).toBe(200);
    const partners = await api('GET', '/usercenter/strategic', t1);
    expect(partners.body.data.list.length).toBeGreaterThanOrEqual(6);
    const orders = await api('GET', '/usercenter/company/orders', t1);
    expect(orders.body.data.list[0]).toMatchObject({ order_id: 'YF2024110800012', status: 'paid', invoice_status: 'issued' });
  });
});
