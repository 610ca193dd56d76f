// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SIGN_STATUS, TASK_STATUS, WORK_STATUS } from '../../../contract/employment-rules';
import { IMPORT_STATUSES } from '../../../contract/imports';
import { TAX_STATUS_TEXT } from '../../../contract/tax-rules';
import { APPLY_STATUS, INTERVIEW_STATUS, POSITION_STATUS } from '../../../contract/vocab';
import { BATCH_STATUS, ROW_STATUS } from '../../../contract/payouts-rules';
import * as C from './status-colors';
import { statusColor, type StatusColors } from './status-colors';

const fromVocab = (list: readonly { code: string; color: string }[]) => Object.fromEntries(list.map((x) => [x.code, x.color])) as StatusColors;
// every status map of the console, the payouts' from their vocabulary
const STATUS_COLORS = {
  task: C.TASK_COLORS,
  sign: C.SIGN_COLORS,
  work: C.WORK_COLORS,
  imports: C.IMPORT_COLORS,
  position: C.POSITION_COLORS,
  apply: C.APPLY_COLORS,
  interview: C.INTERVIEW_COLORS,
  tax: C.TAX_COLORS,
  taxService: C.TAX_SERVICE_COLORS,
  payBatch: fromVocab(BATCH_STATUS),
  payRow: fromVocab(ROW_STATUS),
};

// what each code means, whatever its vocabulary: a refusal or failure, a wait, an end reached well
const REFUSED_OR_FAILED = new Set(['rejected', 'refused', 'failed', 'declined', 'no_show', 'partial', 'bounced']);
const WAITING = new Set(['pending', 'review', 'checking', 'unpaid', 'applied', 'delivered']);
const DONE = new Set(['signed', 'accepted', 'done', 'success', 'issued', 'ended', 'left', 'viewed', 'hired', 'open', 'reviewed', 'approved']);
// codes still under way in their vocabulary (an interview 已确认 is still to come, a leave 已同意 still to be done, a hired worker still to deliver)
const UNDER_WAY: Partial<Record<keyof typeof STATUS_COLORS, string[]>> = {
  interview: ['accepted'],
  apply: ['viewed'],
  work: ['hired'],
};

describe('status colours follow meaning', () => {
  for (const [vocab, colors] of Object.entries(STATUS_COLORS) as [keyof typeof STATUS_COLORS, StatusColors][]) {
    it(`${vocab}: refused/failed is danger, waiting is warning or informative, done is success, nothing else is red`, () => {
      for (const [code, color] of Object.entries(colors)) {
        if (UNDER_WAY[vocab]?.includes(code)) expect(color, `${vocab}.${code}`).toBe('brand');
        else if (REFUSED_OR_FAILED.has(code)) expect(color, `${vocab}.${code}`).toBe('danger');
        else if (WAITING.has(code)) expect(['warning', 'informative'], `${vocab}.${code}`).toContain(color);
        else if (DONE.has(code)) expect(color, `${vocab}.${code}`).toBe('success');
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
    expect(statusColor(C.SIGN_COLORS, 'refused')).toBe('danger');
    expect(statusColor(STATUS_COLORS.payRow, 'failed')).toBe('danger');
    expect(statusColor(STATUS_COLORS.payRow, 'bounced')).toBe('danger');
    expect(statusColor(C.SIGN_COLORS, 'nope')).toBe('informative');
  });

  it('every map of status-colors.ts is checked here', () => {
    const maps = Object.entries(C)
      .filter(([k]) => k.endsWith('_COLORS'))
      .map(([, v]) => v);
    for (const m of maps) expect(Object.values(STATUS_COLORS)).toContain(m);
  });
});
