// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DIMISSION_PROOF_COLORS, DIMISSION_REQUEST_COLORS } from './status-colors';

describe("离职's status colours follow meaning (as shared/ui/status-colors)", () => {
  it('退回 is danger, 待处理 warning, 已同意 under way, 已离职 done; nothing else is red', () => {
    expect(DIMISSION_REQUEST_COLORS).toEqual({ pending: 'warning', approved: 'brand', rejected: 'danger', withdrawn: 'informative', left: 'success' });
  });
  it('a proof: 草稿 waits, 已出具 is under way until the employee 已查看 it, 已作废 is informative', () => {
    expect(DIMISSION_PROOF_COLORS).toEqual({ draft: 'warning', issued: 'brand', viewed: 'success', void: 'informative' });
    expect(Object.values(DIMISSION_PROOF_COLORS)).not.toContain('danger');
  });
});
