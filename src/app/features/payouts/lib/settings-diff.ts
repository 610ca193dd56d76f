/**
 * 发放设置 before → after in words (issue 27): what the admin confirms before saving, and each line
 * of the 设置变更记录.
 */
import type { z } from 'zod';
import type { PayoutSettings } from '../../../../contract/payouts';
import { yuanText } from '../../../../contract/money';
import { rateText } from '../../../../contract/payouts-rules';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';

export type Settings = z.infer<typeof PayoutSettings>;

const m = tPay.changes;
const show: { [K in keyof Settings]: (v: Settings[K]) => string } = {
  fee_rate_bp: rateText,
  tax_rate_bp: rateText,
  monthly_cap_fen: yuanText,
  approval_threshold_fen: (v) => (v > 0 ? yuanText(v) : m.none),
  self_approval: (v) => (v ? m.on : m.off),
};

/** One line per changed field: `服务费率：6.00% → 5.00%`. */
export function settingsDiff(before: Settings, after: Settings): string[] {
  return (Object.keys(show) as (keyof Settings)[])
    .filter((k) => before[k] !== after[k])
    .map((k) => {
      const f = show[k] as (v: Settings[typeof k]) => string;
      return m.diff(m.fields[k], f(before[k]), f(after[k]));
    });
}
