// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { rmbUpper } from './rmb';

describe('rmbUpper', () => {
  it('writes amounts of fen the way a receipt prints them', () => {
    expect(rmbUpper(0)).toBe('零元整');
    expect(rmbUpper(1)).toBe('壹分');
    expect(rmbUpper(50)).toBe('伍角');
    expect(rmbUpper(9850)).toBe('玖拾捌元伍角');
    expect(rmbUpper(10005)).toBe('壹佰元零伍分');
    expect(rmbUpper(12345)).toBe('壹佰贰拾叁元肆角伍分');
    expect(rmbUpper(1_050_000)).toBe('壹万零伍佰元整');
    expect(rmbUpper(9_800_000)).toBe('玖万捌仟元整');
    expect(rmbUpper(10_000_000_100)).toBe('壹亿零壹元整');
    expect(rmbUpper(100_010_000_000)).toBe('壹拾亿零壹拾万元整');
  });
  it('answers nothing for what is not fen', () => {
    expect(rmbUpper(-1)).toBe('');
    expect(rmbUpper(1.5)).toBe('');
  });
});
