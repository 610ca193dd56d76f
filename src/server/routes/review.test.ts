/**
 * Issue 32 items 2 and 3 over HTTP: batches reported per row through the single action's rule
 * (another company's row, a row whose state forbids it), 不合适's reason, notes and tags seen by
 * colleagues and not by another company, the .xlsx export masked vs revealed (pii.full, audited),
 * the duplicate matcher on the labelled set through the database, and a merge after its preview.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeDigits } from '../../contract/person';
import { sealPii } from '../lib/pii';
import { LABELLED_PAIRS, sha256, type FixtureRecord } from '../domain/recruitment/duplicates.fixture';
import { demoAccounts, entCalls, useTestServer } from '../../../tests/setup/server';
import { download, sheetRows } from '../../../tests/setup/exports';

const s = useTestServer();
const { get, post } = entCalls(s);
let admin: string, recruiter: string, other: string, c1: number, c2: number;
beforeAll(async () => {
  const d = await demoAccounts(s);
  ({ c1, c2 } = d);
  admin = d.member;
  other = d.nonMember;
  recruiter = await s.tokenFor('13905710008');
});

/** An open position of the company with at least `n` applications in 待处理/已查看. */
async function positionWith(company: number, n: number) {
  return (await s.db.one<{ id: number; title: string }>(
    `SELECT p.id, p.title FROM positions p WHERE p.company_id = $1 AND p.status = 'open'
        AND (SELECT count(*) FROM applications a WHERE a.position_id = p.id AND a.status IN ('pending', 'viewed')) >= $2 ORDER BY p.id LIMIT 1`,
    [company, n],
  ))!;
}
const appsOf = (positionId: number, statuses: string[]) =>
  s.db.query<{ id: number; candidate_id: number }>('SELECT id, candidate_id FROM applications WHERE position_id = $1 AND status = ANY($2) ORDER BY id', [
    positionId,
    statuses,
  ]);

describe('batch actions', () => {
  it('批量不合适: done rows carry the reason; another company’s row and a hired row are refused per row', async () => {
    const p = await positionWith(c1, 2);
    const open = (await appsOf(p.id, ['pending', 'viewed'])).slice(0, 2);
    const hiredId = (await s.db.one<{ id: number }>(
      "SELECT id FROM applications WHERE company_id = $1 AND position_id = $2 AND status <> 'hired' ORDER BY id DESC LIMIT 1",
      [c1, p.id],
    ))!.id;
    await s.db.query("UPDATE applications SET status = 'hired', hired_at = now() WHERE id = $1", [hiredId]);
    const foreign = (await s.db.one<{ id: number }>('SELECT id FROM applications WHERE company_id = $1 LIMIT 1', [c2]))!.id;
    const ids = [...open.map((a) => a.id), hiredId, foreign].join(',');
    expect((await post(`/position/${p.id}/applications/batch`, { action: 'unsuitable', ids, reason: '其他' }, recruiter)).body).toMatchObject({
      code: 400,
      msg: '选择“其他”时请填写说明',
    });
    const r = await post(`/position/${p.id}/applications/batch`, { action: 'unsuitable', ids, reason: '薪资期望过高' }, recruiter);
    expect(r.body.code).toBe(200);
    expect(r.body.msg).toBe('已处理2份，2份未处理');
    expect(r.body.data.done).toEqual(open.map((a) => ({ id: a.id, status: 'unsuitable' })));
    expect(r.body.data.refused).toEqual([
      { id: hiredId, msg: '该候选人已录用，不能标记为不合适' },
      { id: foreign, msg: '投递记录不存在' },
    ]);
    const stored = await s.db.query<{ status: string; reject_reason: string }>('SELECT status, reject_reason FROM applications WHERE id = ANY($1)', [
      open.map((a) => a.id),
    ]);
    expect(stored.every((x) => x.status === 'unsuitable' && x.reject_reason === '薪资期望过高')).toBe(true);
    expect((await s.db.one<{ company_id: number; status: string }>('SELECT company_id, status FROM applications WHERE id = $1', [foreign]))!.company_id).toBe(
      c2,
    );
    // the same rows again: each already marked
    const again = await post(`/position/${p.id}/applications/batch`, { action: 'unsuitable', ids: String(open[0]!.id), reason: '经验不符' }, recruiter);
    expect(again.body.data.refused).toEqual([{ id: open[0]!.id, msg: '已标记为不合适' }]);
    // another company's caller cannot batch this position at all
    expect((await post(`/position/${p.id}/applications/batch`, { action: 'tag', ids, tag: '优先' }, other)).body).toMatchObject({
      code: 404,
      msg: '职位不存在',
    });
  });

  it('single 不合适 keeps its reason; 批量标记 tags the candidates, shown in the review', async () => {
    const p = await positionWith(c1, 3);
    const [a, b] = await appsOf(p.id, ['pending', 'viewed']);
    expect((await post(`/position/application/${a!.id}/unsuitable`, { reason: '学历不符' }, admin)).body.code).toBe(200);
    const rev = (await get(`/talent/review/${a!.candidate_id}`, recruiter)).body.data;
    expect(rev.applications.find((x: { id: number }) => x.id === a!.id)).toMatchObject({ status: 'unsuitable', reject_reason: '学历不符' });
    const t = await post(`/position/${p.id}/applications/batch`, { action: 'tag', ids: `${b!.id}`, tag: '二面候选' }, recruiter);
    expect(t.body.data.done).toHaveLength(1);
    const tags = (await get(`/talent/review/${b!.candidate_id}`, admin)).body.data.tags;
    expect(tags).toEqual([expect.objectContaining({ tag: '二面候选', author: '吴佳琪' })]);
  });
});

describe('notes', () => {
  it('a note is seen by colleagues with its author and time, not by another company', async () => {
    const cand = (await s.db.one<{ candidate_id: number }>('SELECT candidate_id FROM applications WHERE company_id = $1 ORDER BY id LIMIT 1', [c1]))!
      .candidate_id;
    const w = await post(`/talent/review/${cand}/note`, { body: '沟通顺畅，期望薪资可谈' }, admin);
    expect(w.body).toMatchObject({ code: 200, msg: '备注已保存' });
    const seen = (await get(`/talent/review/${cand}`, recruiter)).body.data.notes;
    expect(seen[0]).toMatchObject({ body: '沟通顺畅，期望薪资可谈', author: '王丽娟', own: false });
    expect(seen[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const theirs = (await get(`/talent/review/${cand}`, other)).body.data;
    expect(theirs.notes).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain('期望薪资可谈');
    expect((await post(`/talent/review/${cand}/note`, { body: '' }, admin)).body).toMatchObject({ code: 400, msg: '请填写备注' });
  });
});

describe('export', () => {
  /** the streamed file of an export call's ticket (issue 34) */
  const rowsOf = async (data: { ticket: string }, token: string) => {
    const d = await download(s.url, token, data.ticket);
    expect(d.env).toBeUndefined();
    return sheetRows(d.file!);
  };

  it('masked by default; whole mobiles of opened contacts with pii.full and a reason, one audit row each', async () => {
    const p = await positionWith(c1, 2);
    const [a] = await appsOf(p.id, ['pending', 'viewed']);
    await s.db.query(
      'INSERT INTO contact_unlocks (company_id, candidate_id, user_id, crc_spent, created_at) VALUES ($1,$2,(SELECT id FROM users WHERE company_id = $1 LIMIT 1),0,now()) ON CONFLICT DO NOTHING',
      [c1, a!.candidate_id],
    );
    const audits = async () =>
      (await s.db.one<{ n: number }>("SELECT count(*)::int AS n FROM pii_views WHERE subject_type = 'candidate' AND company_id = $1", [c1]))!.n;
    const n0 = await audits();

    const masked = await get(`/position/${p.id}/applications/export`, recruiter);
    expect(masked.body.code).toBe(200);
    expect(masked.body.data.total).toBeGreaterThan(0);
    const mrows = await rowsOf(masked.body.data, recruiter);
    expect(mrows.length - 1).toBe(masked.body.data.total);
    expect(mrows[0]).toContain('手机号');
    const col = mrows[0]!.indexOf('手机号');
    expect(mrows.slice(1).every((r) => /^1\d{2}\*{4}\d{4}$/.test(r[col]!))).toBe(true);
    expect(await audits()).toBe(n0);

    expect((await get(`/position/${p.id}/applications/export?reveal=1&reason=${encodeURIComponent('核对身份信息')}`, recruiter)).body).toMatchObject({
      code: 403,
      msg: '导出完整手机号需要“查看完整个人信息”权限，请联系企业管理员',
    });
    expect((await get(`/position/${p.id}/applications/export?reveal=1`, admin)).body.code).toBe(400);
    const full = await get(`/position/${p.id}/applications/export?reveal=1&reason=${encodeURIComponent('核对身份信息')}`, admin);
    expect(full.body.data.filename).toContain('含完整手机号');
    // nobody is audited for a ticket that is never used: the audit goes with the rows
    expect(await audits()).toBe(n0);
    const frows = await rowsOf(full.body.data, admin);
    const whole = frows.slice(1).filter((r) => /^1\d{10}$/.test(r[col]!));
    const unlocked = (await s.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM applications x JOIN contact_unlocks u ON u.company_id = x.company_id AND u.candidate_id = x.candidate_id WHERE x.position_id = $1',
      [p.id],
    ))!.n;
    expect(whole.length).toBe(unlocked);
    expect(whole.length).toBeGreaterThan(0);
    expect(frows.length - 1 - whole.length).toBe(frows.slice(1).filter((r) => r[col]!.includes('****')).length);
    expect(await audits()).toBe(n0 + unlocked);
    const row = await s.db.one<{ reason: string; record_label: string; field: string }>(
      "SELECT reason, record_label, field FROM pii_views WHERE subject_type = 'candidate' AND subject_id = $1 ORDER BY id DESC LIMIT 1",
      [a!.candidate_id],
    );
    expect(row).toEqual({ reason: '核对身份信息', record_label: `职位投递导出 · ${p.title}`, field: 'mobile' });
  });
});

describe('duplicates', () => {
  let position: number;
  const ids = new Map<FixtureRecord, number>();
  async function insert(r: FixtureRecord) {
    const m = r.mobile ? sealPii('mobile', normalizeDigits(r.mobile)) : sealPii('mobile', `199${String(ids.size).padStart(8, '0')}`);
    const idc = r.id ? sealPii('id_card', normalizeDigits(r.id)) : null;
    const row = await s.db.one<{ id: number }>(
      `INSERT INTO candidates (realname, gender, birth_date, mobile_enc, mobile_mask, mobile_bidx, id_card_enc, id_card_bidx, id_card_mask, resume_sha256)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) RETURNING id`,
      [
        r.name,
        r.gender,
        r.birth,
        m.enc,
        m.mask,
        r.mobile ? m.bidx : null,
        idc?.enc ?? null,
        idc?.bidx ?? null,
        idc?.mask ?? '',
        r.file ? sha256(r.file) : null,
      ],
    );
    ids.set(r, row!.id);
    return row!.id;
  }
  beforeAll(async () => {
    position = (await positionWith(c1, 0)).id;
    for (const pair of LABELLED_PAIRS) {
      const a = await insert(pair.a);
      await insert(pair.b);
      await s.db.query('INSERT INTO applications (position_id, company_id, candidate_id) VALUES ($1,$2,$3)', [position, c1, a]);
    }
  });

  it('finds the labelled pairs through the blind indexes: precision and recall as the bench prints', async () => {
    const r = await get('/talent/duplicates', admin);
    expect(r.body.code).toBe(200);
    const found = new Set((r.body.data.list as { a: { id: number }; b: { id: number } }[]).map((x) => `${x.a.id}-${x.b.id}`));
    let tp = 0,
      fp = 0,
      fn = 0;
    for (const pair of LABELLED_PAIRS) {
      const said = found.has(`${ids.get(pair.a)}-${ids.get(pair.b)}`);
      if (said && pair.same) tp++;
      else if (said) fp++;
      else if (pair.same) fn++;
    }
    expect({ tp, fp, fn }).toEqual({ tp: 11, fp: 1, fn: 1 });
    expect(JSON.stringify(r.body.data)).not.toMatch(/(?<![0-9A-Za-z])(\d{17}[\dX]|1\d{10})(?![0-9A-Za-z])/);
    expect((await get('/talent/duplicates', recruiter)).body.code).toBe(403);
    // another company's admin sees none of these: no record is linked to their company
    const theirs = (await get('/talent/duplicates', other)).body.data.list as { a: { id: number } }[];
    expect(theirs.some((x) => [...ids.values()].includes(x.a.id))).toBe(false);
  });

  it('the demo seed holds a pair by mobile and a pair by résumé file for the member company', async () => {
    type Pair = { a: { id: number; realname: string; mobile: string }; b: { realname: string; mobile: string }; evidence: string[] };
    const labelled = new Set(ids.values());
    const seeded = ((await get('/talent/duplicates', admin)).body.data.list as Pair[]).filter((x) => !labelled.has(x.a.id));
    expect(seeded.map((x) => x.evidence).sort()).toEqual([['file'], ['mobile']]);
    for (const x of seeded) expect(x.a.realname).toBe(x.b.realname);
    const byMobile = seeded.find((x) => x.evidence[0] === 'mobile')!;
    expect(byMobile.a.mobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(byMobile.b.mobile).toBe(byMobile.a.mobile);
  });

  it('merges after a preview: fields kept, applications moved or folded, the other record points to the kept one', async () => {
    const pair = LABELLED_PAIRS.find((x) => x.why === 'same ID number, mobile changed')!;
    const keep = ids.get(pair.a)!;
    const drop = ids.get(pair.b)!;
    const [p2, p3] = await s.db.query<{ id: number }>("SELECT id FROM positions WHERE company_id = $1 AND status = 'open' AND id <> $2 ORDER BY id LIMIT 2", [
      c1,
      position,
    ]);
    const foreignPos = (await s.db.one<{ id: number }>("SELECT id FROM positions WHERE company_id = $1 AND status = 'open' LIMIT 1", [c2]))!.id;
    // not linked to another company yet: its administrator cannot even preview the pair
    expect((await get(`/talent/duplicates/preview?keep=${keep}&drop=${drop}`, other)).body.code).toBe(404);
    await s.db.query(
      `INSERT INTO applications (position_id, company_id, candidate_id, status) VALUES ($1,$4,$3,'viewed'), ($2,$4,$3,'invited'), ($2,$4,$6,'pending'), ($5,$7,$3,'pending')`,
      [p2!.id, p3!.id, drop, c1, foreignPos, keep, c2],
    );
    await post(`/talent/review/${drop}/note`, { body: '已电话沟通' }, admin);

    const notSame = LABELLED_PAIRS.find((x) => x.why === 'same name and birth date, different ID numbers')!;
    expect((await get(`/talent/duplicates/preview?keep=${ids.get(notSame.a)}&drop=${ids.get(notSame.b)}`, admin)).body).toMatchObject({
      code: 409,
      msg: '这两条记录没有足够的相同证据（身份证号、手机号或简历文件），不能合并',
    });

    const pv = (await get(`/talent/duplicates/preview?keep=${keep}&drop=${drop}`, admin)).body.data;
    expect(pv.evidence).toEqual(['id_card']);
    expect(pv.fields.find((f: { field: string }) => f.field === '手机号')).toEqual({ field: '手机号', value: pv.keep.mobile, from: 'keep' });
    expect(pv.moves).toEqual([
      { id: expect.any(Number), title: expect.any(String), status: 'viewed', outcome: 'move' },
      { id: expect.any(Number), title: expect.any(String), status: 'invited', outcome: 'fold' },
    ]);
    expect(pv.other_moves).toBe(1);
    expect(pv.notes).toBe(1);

    const m = await post('/talent/duplicates/merge', { keep: String(keep), drop: String(drop) }, admin);
    expect(m.body).toMatchObject({ code: 200, msg: '已合并为一条人才记录', data: { kept: keep, merged: drop, moved: 2, folded: 1 } });
    expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM applications WHERE candidate_id = $1', [drop]))!.n).toBe(0);
    expect((await s.db.one<{ status: string }>('SELECT status FROM applications WHERE position_id = $1 AND candidate_id = $2', [p3!.id, keep]))!.status).toBe(
      'invited',
    );
    expect((await s.db.one<{ merged_into: number }>('SELECT merged_into FROM candidates WHERE id = $1', [drop]))!.merged_into).toBe(keep);
    expect((await get(`/talent/review/${keep}`, admin)).body.data.notes.map((n: { body: string }) => n.body)).toContain('已电话沟通');
    expect((await get(`/talent/view_user/${drop}`, admin)).body.data.user.realname).toBe('陈志远');
    expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM candidate_merges WHERE kept_id = $1 AND merged_id = $2', [keep, drop]))!.n).toBe(1);
    // merged already: a second merge finds nothing to merge
    expect((await post('/talent/duplicates/merge', { keep: String(keep), drop: String(drop) }, admin)).body.code).toBe(404);
  });
});
