// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { settingsDiff, type Settings } from './settings-diff';

const base: Settings = { fee_rate_bp: 600, tax_rate_bp: 150, monthly_cap_fen: 9_800_000, approval_threshold_fen: 0, self_approval: false };

describe('settingsDiff', () => {
  it('says nothing when nothing changed', () => {
    expect(settingsDiff(base, { ...base })).toEqual([]);
  });
  it('one line per changed field, in the form’s order, in words', () => {
    expect(settingsDiff(base, { ...base, self_approval: true, fee_rate_bp: 500, approval_threshold_fen: 500_000 })).toEqual([
      '服务费率：6.00% → 5.00%',
      '双人审批额度：不需要 → ¥5,000.00',
      '单人审批：关闭 → 开启',
    ]);
  });
});
