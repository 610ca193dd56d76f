/**
 * 统一社会信用代码 (GB 32100-2015), domain.md §5.3: the seed builds codes with real check
 * digits so the console's validators accept them. The check itself lives in src/contract/uscc.ts.
 */
import { usccCheckChar } from '../../contract/uscc';

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
