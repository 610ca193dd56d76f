// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SIGN_STATUS, TASK_STATUS, WORK_STATUS } from '../../../contract/employment-rules';
import { IMPORT_STATUSES } from '../../../contract/imports';
import { TAX_STATUS_TEXT } from '../../../contract/tax-rules';
import { APPLY_STATUS, INTERVIEW_STATUS, POSITION_STATUS } from '../../../contract/vocab';
import { STATUS_COLORS, statusColor } from './status-colors';

// what each code means, whatever its vocabulary: a refusal or failure, a wait, an end reached well
const REFUSED_OR_FAILED = new Set(['rejected', 'refused', 'failed', 'declined', 'no_show', 'partial', 'bounced']);
const WAITING = new Set(['pending', 'review', 'checking', 'unpaid', 'applied', 'delivered']);
const DONE = new Set(['signed', 'accepted', 'done', 'success', 'issued', 'ended', 'left', 'viewed', 'hired', 'open', 'reviewed', 'approved']);
// codes still under way in their vocabulary (an interview 已确认 is still to come, a leave 已同意 still to be done, a hired worker still to deliver)
const UNDER_WAY: Partial<Record<keyof typeof STATUS_COLORS, string[]>> = {
  interview: ['accepted'],
  dimissionRequest: ['approved'],
  apply: ['viewed'],
  work: ['hired'],
};

describe('status colours follow meaning', () => {
  for (const [vocab, colors] of Object.entries(STATUS_COLORS) as [keyof typeof STATUS_COLORS, Record<string, string>][]) {
    it(`${vocab}: refused/failed is danger, waiting is warning or informative, done is success, nothing else is red`, () => {
      for (const [code, color] of Object.entries(colors)) {
        if (UNDER_WAY[vocab]?.includes(code)) expect(color, `${vocab}.${code}`).toBe('brand');
        else if (REFUSED_OR_FAILED.has(code)) expect(color, `${vocab}.${code}`).toBe('danger');
        else if (WAITING.has(code)) expect(['warning', 'informative'], `${vocab}.${code}`).toContain(color);
        else if (DONE.has(code) && !(vocab === 'dimissionProof' && code === 'issued')) expect(color, `${vocab}.${code}`).toBe('success');
        else expect(color, `${vocab}.${code} is neither refused nor failed`).not.toBe('danger');
      }
    });
  }

  it("has a colour for every code of the contract's vocabularies", () => {
    const codes = (l: readonly { code: string }[]) => l.map((x) => x.code).sort();
    expect(Object.keys(STATUS_COLORS.sign).sort()).toEqual(codes(SIGN_STATUS));
    expect(Object.keys(STATUS_COLORS.work).sort()).toEqual(codes(WORK_STATUS));
    expect(Object.keys(STATUS_COLORS.task).sort()).toEqual(codes(TASK_STATUS));
    expect(Object.keys(STATUS_COLORS.position).sort()).toEqual(codes(POSITION_STATUS));
    expect(Object.keys(STATUS_COLORS.apply).sort()).toEqual(codes(APPLY_STATUS));
    expect(Object.keys(STATUS_COLORS.interview).sort()).toEqual(codes(INTERVIEW_STATUS));
    expect(Object.keys(STATUS_COLORS.tax).sort()).toEqual(Object.keys(TAX_STATUS_TEXT).sort());
    expect(Object.keys(STATUS_COLORS.imports).sort()).toEqual([...IMPORT_STATUSES].sort());
  });

  it("the worker's 已拒签 is red, 发放失败 and 已退汇 too; an unknown code is informative", () => {
    expect(statusColor('sign', 'refused')).toBe('danger');
    expect(statusColor('payRow', 'failed')).toBe('danger');
    expect(statusColor('payRow', 'bounced')).toBe('danger');
    expect(statusColor('sign', 'nope')).toBe('informative');
  });
});
