// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CANVAS_MAX_H, CANVAS_MAX_W, fitCanvas, stamp, watermarkPoints } from './canvas';

describe('certificate canvas cap 992×1402', () => {
  it('an A4 page at 150 dpi is scaled down to fit, ratio kept', () => {
    const r = fitCanvas(1240, 1754);
    expect(r.width).toBeLessThanOrEqual(CANVAS_MAX_W);
    expect(r.height).toBeLessThanOrEqual(CANVAS_MAX_H);
    expect(r).toEqual({ width: 991, height: 1402 });
  });
  it('a wide image is bound by the width, a tall one by the height', () => {
    expect(fitCanvas(4000, 1000)).toEqual({ width: 992, height: 248 });
    expect(fitCanvas(500, 7010)).toEqual({ width: 100, height: 1402 });
  });
  it('a small image is never enlarged', () => {
    expect(fitCanvas(600, 800)).toEqual({ width: 600, height: 800 });
  });
  it('an image without a size gives an empty canvas', () => {
    expect(fitCanvas(0, 800)).toEqual({ width: 0, height: 0 });
    expect(fitCanvas(Number.NaN, 800)).toEqual({ width: 0, height: 0 });
  });
});

describe('watermark', () => {
  it('covers the whole canvas with staggered rows', () => {
    const pts = watermarkPoints(992, 1402, 300, 150);
    expect(pts.length).toBeGreaterThan(20);
    expect(Math.min(...pts.map((p) => p.y))).toBeLessThanOrEqual(150);
    expect(Math.max(...pts.map((p) => p.y))).toBeGreaterThanOrEqual(1402 - 150);
    expect(Math.max(...pts.map((p) => p.x))).toBeGreaterThanOrEqual(992 - 300);
    const rows = [...new Set(pts.map((p) => p.y))];
    const firstX = (y: number) => Math.min(...pts.filter((p) => p.y === y).map((p) => p.x));
    expect(firstX(rows[0]!)).toBe(0);
    expect(firstX(rows[1]!)).toBe(150);
  });
  it('draws nothing on an empty canvas', () => {
    expect(watermarkPoints(0, 100, 10, 10)).toEqual([]);
  });
  it('stamps the viewing time', () => {
    expect(stamp(new Date(2026, 10, 21, 9, 5))).toBe('2026-11-21 09:05');
  });
});
