// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { validateRow } from '../import-rules';
import { monthOf, taxImport } from './tax';

const cell = (text: string) => ({ text, numeric: false });
describe('import type tax', () => {
  it('reads a month however Excel or a person wrote it', () => {
    expect(monthOf('2026-10')).toBe('2026-10');
    expect(monthOf('2026/9')).toBe('2026-09');
    expect(monthOf('2026年10月')).toBe('2026-10');
    expect(monthOf('2026-10-01')).toBe('2026-10');
    expect(monthOf('2026-13')).toBeNull();
    expect(monthOf('十月')).toBeNull();
  });
  it('validates a row', () => {
    const now = new Date('2026-11-01T00:00:00Z');
    expect(validateRow(taxImport, { batch_no: cell('FFTAXDEMO0001'), period: cell('2026-10') }, now).row).toEqual({
      batch_no: 'FFTAXDEMO0001',
      period: '2026-10',
    });
    const bad = validateRow(taxImport, { batch_no: cell('FF-1'), period: cell('10月') }, now);
    expect(bad.row).toBeNull();
    expect(bad.issues.map((i) => i.msg)).toEqual(['批次号格式不正确', '税款所属期格式不正确，应为 YYYY-MM']);
  });
});
