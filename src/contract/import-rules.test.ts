// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { RowReader, cleanText, parseDateText, validateRow, type ImportColumn, type RawRow } from './import-rules';
import { dimissionImport } from './import-types/dimission';
import { workersImport } from './import-types/workers';

const now = new Date('2026-11-23T04:00:00Z');
const cell = (text: string, numeric = false) => ({ text, numeric });
const row = (o: Record<string, string>): RawRow => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, cell(v)]));
const good = {
  name: '张三',
  id_card: '11010519491231002X',
  mobile: '13800138000',
  dept_name: '人力资源部',
  job_name: '招聘专员',
  entry_date: '2020-03-01',
  leave_date: '2024-06-30',
  contract_start: '2020-03-01',
  contract_end: '2025-02-28',
  leave_type: '协商一致解除',
};

describe('parseDateText', () => {
  it('reads the common spellings and refuses impossible dates', () => {
    for (const s of ['2024-06-30', '2024/6/30', '2024.6.30', '2024年6月30日', '20240630', '２０２４-０６-３０', ' 2024-6-30 '])
      expect(parseDateText(s)).toBe('2024-06-30');
    for (const s of ['2024-02-30', '2024-13-01', '2024630', '30/06/2024', 'abc', '']) expect(parseDateText(s)).toBeNull();
    expect(parseDateText('2024-02-29')).toBe('2024-02-29');
  });
  it('cleanText trims and collapses full-width and NBSP spaces', () => {
    expect(cleanText('\u3000招聘\u00A0 专员 ')).toBe('招聘 专员');
  });
});

describe('dimission rows', () => {
  it('a good row becomes a clean record (leave type code, contract term)', () => {
    const r = validateRow(dimissionImport, row(good), now);
    expect(r.issues).toEqual([]);
    expect(r.row).toMatchObject({ id_card: '11010519491231002X', leave_type: 'mutual', contract_open_ended: false, contract_end: '2025-02-28' });
  });
  it('normalises full-width digits, spaces, a lower-case x and a +86 prefix; 无固定期限 is a contract end', () => {
    const r = validateRow(
      dimissionImport,
      row({ ...good, id_card: ' １１０１０５ 19491231002x', mobile: '+86 138 0013 8000', name: '张 三', contract_end: '无固定期限' }),
      now,
    );
    expect(r.issues).toEqual([]);
    expect(r.row).toMatchObject({ id_card: '11010519491231002X', mobile: '13800138000', name: '张三', contract_open_ended: true, contract_end: null });
  });
  it('Excel damage: scientific notation or a long numeric cell names the column', () => {
    const a = validateRow(dimissionImport, row({ ...good, id_card: '1.10105E+17' }), now);
    expect(a.issues.map((i) => i.msg)).toEqual(['请将身份证号列设置为文本格式后重新填写']);
    const b = validateRow(dimissionImport, { ...row(good), id_card: cell('110105194912310000', true) }, now);
    expect(b.issues.map((i) => i.msg)).toEqual(['请将身份证号列设置为文本格式后重新填写']);
    // an 11-digit mobile in a numeric cell lost nothing
    const c = validateRow(dimissionImport, { ...row(good), mobile: cell('13800138000', true) }, now);
    expect(c.issues).toEqual([]);
  });
  it('rules: check digit, birth date, future entry, contract order, empty required, too long', () => {
    const msgs = (o: Record<string, string>) => validateRow(dimissionImport, row({ ...good, ...o }), now).issues.map((i) => i.msg);
    expect(msgs({ id_card: '110105194912310021' })).toEqual(['身份证号校验位错误']);
    expect(msgs({ id_card: '11010519491231002' })).toEqual(['身份证号应为18位']);
    expect(msgs({ id_card: '110105202712310022' })).toEqual(['身份证号出生日期无效']);
    expect(msgs({ entry_date: '2027-01-01', leave_date: '2027-02-01' })).toEqual(['入职日期不能晚于今天']);
    expect(msgs({ contract_end: '2019-01-01' })).toEqual(['合同终止日期不能早于起始日期']);
    expect(msgs({ contract_end: '' })).toEqual(['请填写合同终止日期']);
    expect(msgs({ job_name: '岗'.repeat(41) })).toEqual(['工作岗位不能超过40个字']);
    expect(msgs({ name: 'x' })).toEqual(['请填写正确的姓名']);
    expect(msgs({ mobile: '' })).toEqual([]);
  });
});

describe('workers rows', () => {
  const w = {
    name: '李四',
    mobile: '13900139000',
    cert_type: '居民身份证',
    cert_no: '440524188001010014',
    bank_card: '6228480402564890018',
    bank_mobile: '',
    bank_name: '',
  };
  it('Luhn is a warning only; a row with a warning is still valid', () => {
    const r = validateRow(workersImport, row({ ...w, bank_card: '6222026006705354217' }), now);
    expect(r.issues).toEqual([expect.objectContaining({ level: 'warning', msg: '请核对银行卡号' })]);
    expect(r.row).not.toBeNull();
  });
  it('the certificate number follows its type', () => {
    expect(validateRow(workersImport, row({ ...w, cert_type: '护照', cert_no: 'e1234567' }), now).row).toMatchObject({
      cert_type: 'passport',
      cert_no: 'E1234567',
    });
    expect(validateRow(workersImport, row({ ...w, cert_no: '440524188001010015' }), now).issues[0]!.msg).toBe('证件号码校验位错误');
  });
  it('the reader refuses unknown columns loudly (a programming error)', () => {
    const cols: ImportColumn[] = [{ key: 'a', header: 'A', required: false, kind: 'text', example: '', note: '', width: 5 }];
    expect(() => new RowReader({}, cols, now).text('b')).toThrow();
  });
});
