/**
 * 统一社会信用代码 (GB 32100-2015), domain.md §5.3: the seed builds codes with real check
 * digits so the console's validators accept them.
 */
const CS = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** The 18th character for the first 17. */
export function usccCheckChar(first17: string): string {
  let sum = 0;
  let w = 1;
  for (let i = 0; i < 17; i++) {
    const v = CS.indexOf(first17[i] ?? '');
    if (v < 0) throw new Error(`invalid USCC char at ${i}`);
    sum += v * w;
    w = (w * 3) % 31;
  }
  return CS[(31 - (sum % 31)) % 31]!;
}

export function isUscc(s: string): boolean {
  const t = s.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(t)) return false;
  return usccCheckChar(t.slice(0, 17)) === t[17];
}

/** Organisation-code check char (GB 11714) for the 8-char body of positions 9–16. */
function orgCodeCheck(body8: string): string {
  const weights = [3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const ch = body8[i]!;
    const v = /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 55; // A=10 … Z=35
    sum += v * weights[i]!;
  }
  const r = 11 - (sum % 11);
  return r === 10 ? 'X' : r === 11 ? '0' : String(r);
}

/**
 * A code for a company (`91`) registered in `region` (6 digits) with an organisation-code
 * body of 8 chars; both check characters are computed.
 */
export function makeUscc(region: string, body8: string): string {
  const first17 = `91${region}${body8}${orgCodeCheck(body8)}`;
  return first17 + usccCheckChar(first17);
}
