// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDaysTo,
  dateProblem,
  evaluativeWord,
  formatVerifyCode,
  isDate,
  maskPersonName,
  normalizeVerifyCode,
  proofDocument,
  serviceMonths,
  tenureProblem,
  tenureText,
  TENURE_RE,
  VERIFY_CODE_RE,
  wordingProblem,
  type ProofFacts,
} from './dimission-rules';

describe('years of service (在本单位的工作年限)', () => {
  it('counts whole months, both the entry and the departure day worked', () => {
    expect(tenureText('2020-01-01', '2020-12-31')).toBe('1年0个月');
    expect(tenureText('2020-01-01', '2020-12-30')).toBe('0年11个月');
    expect(tenureText('2021-04-12', '2026-04-11')).toBe('5年0个月');
    expect(tenureText('2021-04-12', '2026-04-10')).toBe('4年11个月');
    expect(tenureText('2019-09-02', '2026-11-20')).toBe('7年2个月');
    expect(tenureText('2024-05-01', '2024-05-20')).toBe('0年0个月');
    expect(tenureText('2024-05-01', '2024-05-01')).toBe('0年0个月');
  });
  it('month ends: an entry on the 31st completes a month on the last day of a shorter month', () => {
    expect(tenureText('2023-01-31', '2023-02-27')).toBe('0年1个月'); // day after = 02-28, the last day
    expect(tenureText('2023-01-31', '2023-02-26')).toBe('0年0个月');
    expect(tenureText('2024-02-29', '2025-02-27')).toBe('1年0个月');
  });
  it('invalid or reversed dates give 0', () => {
    expect(serviceMonths('2024-05-01', '2024-04-30')).toBe(0);
    expect(serviceMonths('2024-02-30', '2024-04-30')).toBe(0);
  });
  it('property: grows with the departure date and always reads X年X个月', () => {
    const day = fc.integer({ min: 0, max: 20_000 }).map((n) => addDaysTo('1980-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 400 }), (entry, a, b) => {
        const l1 = addDaysTo(entry, a);
        const l2 = addDaysTo(l1, b);
        expect(serviceMonths(entry, l2)).toBeGreaterThanOrEqual(serviceMonths(entry, l1));
        expect(tenureText(entry, l1)).toMatch(TENURE_RE);
        // one more year of work is twelve more months
        const [y, m, d] = l1.split('-');
        const next = `${Number(y) + 1}-${m}-${d}`;
        if (isDate(next)) expect(serviceMonths(entry, next) - serviceMonths(entry, l1)).toBe(12);
      }),
    );
  });
});

const f: ProofFacts = {
  name: '林晓',
  id_card: '330106199506011234',
  job_name: '前端工程师',
  entry_date: '2022-03-01',
  leave_date: '2024-05-31',
  contract_start: '2022-03-01',
  contract_end: '2025-02-28',
  contract_open_ended: false,
  tenure_text: '2年3个月',
  legal_basis: 'resign',
  print_reason: false,
  non_compete: '',
  company_name: '杭州云帆智联科技有限公司',
  issue_date: '2024-05-31',
  serial: 'LZ20240531000001',
};

describe('years of service as a proof states them (issue 30 item 2)', () => {
  it('a typed value that is not the computed one is refused with the right one', () => {
    expect(tenureProblem('9年0个月', '2022-05-10', '2026-11-20')).toBe(
      '在本单位的工作年限应为4年6个月（按入职日期至解除或者终止日期计算），不能填写为9年0个月',
    );
    expect(tenureProblem('4年6个月', '2022-05-10', '2026-11-20')).toBeNull();
    expect(tenureText('2022-05-10', '2024-01-31')).toBe('1年8个月');
  });
});

describe('evaluative words', () => {
  it('finds 违纪 / 开除 / 不胜任-style words, also with spaces between the characters', () => {
    expect(evaluativeWord('因严重违纪被开除')).toBe('违纪');
    expect(evaluativeWord('不 胜 任 工作')).toBe('不胜任');
    expect(evaluativeWord('工作能力不足')).toBe('能力不足');
    expect(evaluativeWord('旷工三日')).toBe('旷工');
  });
  it('one rule for every path: the first field with a word, and its warning', () => {
    expect(wordingProblem({ job_name: '销售代表（违纪解除）', non_compete: '' })).toEqual({
      field: 'job_name',
      message: '离职证明不得包含评价性用语（“违纪”），请使用中性表述',
    });
    expect(wordingProblem({ job_name: '销售代表', early_reason: '员工申请提前出具' })).toBeNull();
  });
  it('lets neutral wording pass', () => {
    for (const t of ['本人申请辞职', '双方协商一致解除劳动合同', '高级前端开发工程师', '竞业限制期限12个月', '']) expect(evaluativeWord(t)).toBeNull();
  });
});

describe('date rules', () => {
  const ok = { entry_date: '2020-03-01', leave_date: '2024-02-29', contract_start: '2020-03-01', contract_end: '2023-02-28' };
  it('departure date ≥ entry date', () => {
    expect(dateProblem(ok)).toBeNull();
    expect(dateProblem({ ...ok, leave_date: '2020-03-01' })).toBeNull();
    expect(dateProblem({ ...ok, leave_date: '2020-02-29' })).toBe('离职日期不能早于入职日期');
  });
  it('contract start ≤ end, unless open-ended', () => {
    expect(dateProblem({ ...ok, contract_end: '2020-03-01' })).toBeNull();
    expect(dateProblem({ ...ok, contract_end: '2020-02-29' })).toBe('劳动合同起始日期不能晚于终止日期');
    expect(dateProblem({ ...ok, contract_end: '' })).toBe('请填写劳动合同终止日期，或勾选无固定期限');
    expect(dateProblem({ ...ok, contract_end: '', contract_open_ended: true })).toBeNull();
    expect(dateProblem({ ...ok, contract_start: '' })).toBe('请填写劳动合同起始日期');
  });
  it('calendar dates only', () => {
    expect(dateProblem({ ...ok, entry_date: '2021-02-29' })).toBe('请填写正确的入职日期');
    expect(dateProblem({ ...ok, leave_date: '2024-13-01' })).toBe('请填写正确的离职日期');
    expect(isDate('2024-02-29')).toBe(true);
  });
});

describe('the proof template', () => {
  it('states the four items of art. 24, the name, the ID number, the company and the date', () => {
    const d = proofDocument(f);
    const text = JSON.stringify(d);
    for (const s of [
      '劳动合同期限',
      '解除或者终止劳动合同的日期',
      '工作岗位',
      '在本单位的工作年限',
      '林晓',
      '330106199506011234',
      '2年3个月',
      '2022年3月1日至2025年2月28日',
      '2024年5月31日',
    ])
      expect(text).toContain(s);
    expect(d.company).toBe('杭州云帆智联科技有限公司');
  });
  it('prints the reason only when the employee asks', () => {
    expect(proofDocument(f).items.some((i) => i.key === 'reason')).toBe(false);
    expect(proofDocument({ ...f, print_reason: true }).items.find((i) => i.key === 'reason')?.value).toBe('本人申请辞职');
  });
  it('open-ended contracts', () => {
    expect(proofDocument({ ...f, contract_open_ended: true, contract_end: null }).items.find((i) => i.key === 'term')?.value).toBe(
      '2022年3月1日起，无固定期限',
    );
  });
});

describe('the proof template: tense, act, seal area, 验真 (issue 30 items 5 and 6)', () => {
  it('已于 once the departure date has come, 将于 for a proof issued early', () => {
    expect(proofDocument(f).opening).toBe('兹证明林晓同志与本单位的劳动合同已于2024年5月31日解除，有关情况如下：');
    expect(proofDocument({ ...f, issue_date: '2024-05-20' }).opening).toBe('兹证明林晓同志与本单位的劳动合同将于2024年5月31日解除，有关情况如下：');
  });
  it('解除 or 终止 as the legal basis says, never 解除（终止）', () => {
    expect(proofDocument({ ...f, legal_basis: 'expire' }).opening).toContain('已于2024年5月31日终止');
    expect(proofDocument({ ...f, legal_basis: 'retire' }).opening).toContain('终止，');
    expect(proofDocument({ ...f, legal_basis: 'mutual' }).opening).toContain('解除，');
    expect(proofDocument({ ...f, legal_basis: 'other' }).opening).toContain('解除或者终止，');
    expect(JSON.stringify(proofDocument(f))).not.toContain('解除（终止）');
  });
  it('a marked blank area for the stamp, no imitation seal; the 验真码 and page once issued', () => {
    const d = proofDocument(f);
    expect(d.sealArea).toBe('（盖章）');
    expect(JSON.stringify(d)).not.toContain('人事专用章');
    expect(d.verify).toBeNull();
    const v = proofDocument({ ...f, verify_code: 'K7QM3XPD9TWA', verify_url: 'https://hr.example/m/proof-check/K7QM3XPD9TWA' }).verify;
    expect(v).toEqual({
      code: 'K7QM-3XPD-9TWA',
      url: 'https://hr.example/m/proof-check/K7QM3XPD9TWA',
      text: '扫描二维码，或访问 https://hr.example/m/proof-check 输入验真码核验',
    });
  });
  it('验真码: typed as printed, in lower case, with O for 0 and I or L for 1', () => {
    expect(normalizeVerifyCode('k7qm-3xpd-9twa')).toBe('K7QM3XPD9TWA');
    expect(normalizeVerifyCode('O1IL 0000 0000')).toBe('011100000000');
    expect(VERIFY_CODE_RE.test('K7QM3XPD9TWA')).toBe(true);
    expect(VERIFY_CODE_RE.test('K7QM3XPD9TWU')).toBe(false);
    expect(formatVerifyCode('K7QM3XPD9TWA')).toBe('K7QM-3XPD-9TWA');
    expect(maskPersonName('欧阳明月')).toBe('欧***');
    expect(maskPersonName('林晓')).toBe('林*');
  });
});
