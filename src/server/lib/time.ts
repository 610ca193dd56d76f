/**
 * Time helpers. The product lives in China time (UTC+8, no daylight saving), so dates
 * shown by the API are computed with a fixed offset rather than the host's time zone.
 */
const CHINA_OFFSET_MS = 8 * 3600 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

function chinaParts(d: Date) {
  const c = new Date(d.getTime() + CHINA_OFFSET_MS);
  return {
    y: c.getUTCFullYear(),
    m: pad(c.getUTCMonth() + 1),
    d: pad(c.getUTCDate()),
    h: pad(c.getUTCHours()),
    i: pad(c.getUTCMinutes()),
    s: pad(c.getUTCSeconds()),
  };
}

/** `YYYY-MM-DD` in China time. */
export function fmtDate(d: Date): string {
  const p = chinaParts(d);
  return `${p.y}-${p.m}-${p.d}`;
}

/** `YYYY-MM-DD HH:mm:ss` in China time (the API's DateTimeText). */
export function fmtDateTime(d: Date): string {
  const p = chinaParts(d);
  return `${p.y}-${p.m}-${p.d} ${p.h}:${p.i}:${p.s}`;
}

export const addSeconds = (d: Date, s: number) => new Date(d.getTime() + s * 1000);
export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

/** The China-time calendar date `days` after `d`, as `YYYY-MM-DD`. */
export const dateAfter = (d: Date, days: number) => fmtDate(addDays(d, days));
