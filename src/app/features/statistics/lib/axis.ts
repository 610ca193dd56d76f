/**
 * The arithmetic of the panel's SVG charts (no chart library: docs/decisions.md, statistics):
 * round axis ticks, the x positions of labels, and the arcs of a donut.
 */

/** 0 and 3–5 round steps covering `max` (1, 2, 2.5, 5 × 10ⁿ); `[0, 1]` for an empty series. */
export function niceTicks(max: number, target = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / target;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * pow).find((s) => s >= raw)!;
  const out: number[] = [];
  for (let v = 0; v < max + step * 1e-9; v += step) out.push(+v.toFixed(10));
  if (out[out.length - 1]! < max) out.push(+(out[out.length - 1]! + step).toFixed(10));
  return out;
}

/** Which of `n` points get an x label: at most `max`, evenly spread, first and last included. */
export function labelIndexes(n: number, max = 7): number[] {
  if (n <= 0) return [];
  if (n <= max) return Array.from({ length: n }, (_, i) => i);
  const out = new Set<number>();
  for (let k = 0; k < max; k++) out.add(Math.round((k * (n - 1)) / (max - 1)));
  return [...out];
}

/** `2025-06-03` → `6/3`. */
export const shortDay = (d: string) => `${Number(d.slice(5, 7))}/${Number(d.slice(8, 10))}`;

/** SVG path of a donut slice from angle a0 to a1 (radians, 0 = 12 o'clock, clockwise). */
export function arcPath(cx: number, cy: number, r: number, inner: number, a0: number, a1: number): string {
  // a full circle cannot be one arc: stop just short of it
  const end = a1 - a0 >= 2 * Math.PI ? a0 + 2 * Math.PI - 1e-4 : a1;
  const pt = (rad: number, a: number) => `${(cx + rad * Math.sin(a)).toFixed(2)} ${(cy - rad * Math.cos(a)).toFixed(2)}`;
  const large = end - a0 > Math.PI ? 1 : 0;
  return `M ${pt(r, a0)} A ${r} ${r} 0 ${large} 1 ${pt(r, end)} L ${pt(inner, end)} A ${inner} ${inner} 0 ${large} 0 ${pt(inner, a0)} Z`;
}
