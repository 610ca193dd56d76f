// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SIGN_STATUS } from '../../../../contract/employment-rules';
import { statusLabel, taskBadges } from './status';

describe("the worker's task statuses", () => {
  it('labels a code from its vocabulary, an unknown one as it is', () => {
    expect(statusLabel(SIGN_STATUS, 'signed')).toBe('签署成功');
    expect(statusLabel(SIGN_STATUS, 'nope')).toBe('nope');
  });
  it('gives the sign and work badges with their colours', () => {
    expect(taskBadges({ sign_status: 'signed', work_status: 'working' })).toEqual([
      { kind: 'sign', label: '签署成功', color: 'success' },
      { kind: 'work', label: '进行中', color: 'brand' },
    ]);
    expect(taskBadges({ sign_status: 'refused', work_status: 'rejected' }).map((b) => b.color)).toEqual(['danger', 'danger']);
    expect(taskBadges({ sign_status: 'pending', work_status: 'applied' }).map((b) => b.label)).toEqual(['待签署', '已报名']);
    // a task without signing shows no 待签署
    expect(taskBadges({ sign_status: 'pending', work_status: 'working', need_sign: false }).map((b) => b.label)).toEqual(['进行中']);
  });
});
