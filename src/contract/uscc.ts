/**
 * 统一社会信用代码 (GB 32100-2015, domain.md §5.3): 18 characters of a 31-character set, the last
 * one a check character. Pure (no zod): the company forms and the server share it.
 */
const CS = '0123456789ABCDEFGHJKLMNPQRTUWXY';

export const USCC_FORMAT = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The 18th character for the first 17 (weights 3^(i-1) mod 31). */
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

/** Trim, drop inner spaces, full-width to half-width, upper case (domain.md §5 normalising). */
export function normalizeUscc(s: string): string {
  return s
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\s+/g, '')
    .toUpperCase();
}

export type UsccProblem = 'empty' | 'length' | 'format' | 'check';

/** Why a code is not a valid USCC, or null when it is (after normalising). */
export function usccProblem(raw: string): UsccProblem | null {
  const s = normalizeUscc(raw);
  if (!s) return 'empty';
  if (s.length !== 18) return 'length';
  if (!USCC_FORMAT.test(s)) return 'format';
  return usccCheckChar(s.slice(0, 17)) === s[17] ? null : 'check';
}

export const isUscc = (s: string) => usccProblem(s) === null;

/** The Chinese message for each problem (the form and the server say the same). */
export const USCC_MESSAGES: Record<UsccProblem, string> = {
  empty: '请填写统一社会信用代码',
  length: '统一社会信用代码应为18位',
  format: '统一社会信用代码含有无效字符（不含 I、O、S、V、Z）',
  check: '统一社会信用代码校验位不正确，请核对营业执照',
};
