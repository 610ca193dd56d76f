// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { arcPath, labelIndexes, niceTicks, shortDay } from './axis';

describe('chart axis', () => {
  it('round ticks that cover the maximum', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
  });
  it('labels spread over the points, ends included', () => {
    expect(labelIndexes(0)).toEqual([]);
    expect(labelIndexes(3)).toEqual([0, 1, 2]);
    expect(labelIndexes(30, 4)).toEqual([0, 10, 19, 29]);
    expect(labelIndexes(365)).toContain(364);
  });
  it('short days and arcs', () => {
    expect(shortDay('2025-06-03')).toBe('6/3');
    expect(arcPath(10, 10, 10, 5, 0, Math.PI / 2)).toBe('M 10.00 0.00 A 10 10 0 0 1 20.00 10.00 L 15.00 10.00 A 5 5 0 0 0 10.00 5.00 Z');
    // a whole circle still draws (one slice holding everything)
    expect(arcPath(10, 10, 10, 5, 0, 2 * Math.PI)).toContain(' 1 1 ');
  });
});
