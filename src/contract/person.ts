/**
 * Personal data rules shared by forms, the import pipeline and the server (domain.md §5):
 * normalisation, GB 11643 ID numbers, mobiles, bank cards, and the masks every list shows.
 * No zod here: the rules are plain functions so that any runtime (and any schema) can use them.
 */

/** Full-width digits/letters → half-width; spaces (also U+3000 and NBSP) and hyphens removed; letters upper-cased. */
export function normalizeDigits(raw: string): string {
  return raw
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[\s\u3000\u00A0-]/g, '')
    .toUpperCase();
}

/** Excel damage: a number written in scientific notation or as a float (`1.10105E+17`, `1.3800000001E10`). */
export const looksLikeExcelNumber = (raw: string) => /^\d+(\.\d+)?E\+?\d+$/i.test(raw.trim()) || /^\d+\.\d+$/.test(raw.trim());

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** Why an 18-character ID number is wrong, or null when it is right (structure, birth date, check char). */
export function idCardProblem(value: string, today = new Date()): 'format' | 'birth' | 'check' | null {
  const v = value.toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(v)) return 'format';
  const y = Number(v.slice(6, 10));
  const m = Number(v.slice(10, 12));
  const d = Number(v.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1800 || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d || birth.getTime() > today.getTime()) return 'birth';
  let s = 0;
  for (let i = 0; i < 17; i++) s += Number(v[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK[s % 11] === v[17] ? null : 'check';
}
export const isIdCard = (value: string, today?: Date) => idCardProblem(value, today) === null;

/** The birth date (`YYYY-MM-DD`) of a valid 18-character ID number. */
export const idCardBirth = (v: string) => `${v.slice(6, 10)}-${v.slice(10, 12)}-${v.slice(12, 14)}`;

/** 居民身份证 and the cards that share its 18-character format and check (domain.md §5.5). */
export const CERT_TYPES = [
  { code: 'id_card', label: '居民身份证' },
  { code: 'hk_mo', label: '港澳居民来往内地通行证' },
  { code: 'tw', label: '台湾居民来往大陆通行证' },
  { code: 'passport', label: '护照' },
  { code: 'foreign_pr', label: '外国人永久居留身份证' },
] as const;
export type CertType = (typeof CERT_TYPES)[number]['code'];
export const CERT_TYPE_CODES = CERT_TYPES.map((c) => c.code) as [CertType, ...CertType[]];

/** Why a certificate number of the given type is wrong, or null. */
export function certNoProblem(type: CertType, value: string, today?: Date): string | null {
  switch (type) {
    case 'id_card':
    case 'foreign_pr': {
      const p = idCardProblem(value, today);
      return p === null ? null : p === 'check' ? '校验位错误' : p === 'birth' ? '出生日期无效' : '格式不正确';
    }
    case 'hk_mo':
      return /^[HM]\d{8}(\d{2})?$/.test(value) ? null : '格式不正确';
    case 'tw':
      return /^\d{8}(\d{2})?$/.test(value) ? null : '格式不正确';
    case 'passport':
      return /^[A-Z0-9]{5,17}$/.test(value) ? null : '格式不正确';
  }
}

/** Mainland mobile (domain.md §5.1). */
export const isMobile = (v: string) => /^1[3-9]\d{9}$/.test(v);

/** Personal bank card: 16–19 digits. Luhn is only a warning for Chinese cards (domain.md §5.6). */
export const isBankCard = (v: string) => /^\d{16,19}$/.test(v);
export function luhnOk(v: string): boolean {
  let s = 0;
  for (let i = 0; i < v.length; i++) {
    let d = Number(v[v.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    s += d;
  }
  return s % 10 === 0;
}

/** Chinese (or transliterated) personal name: 2–16 chars, `·` allowed. */
export const isPersonName = (v: string) => /^[\u4e00-\u9fa5·]{2,16}$/.test(v) || /^[A-Za-z][A-Za-z .·-]{1,39}$/.test(v);
/** The one message when a name breaks isPersonName (every form, the import, the server). */
export const PERSON_NAME_MSG = '请填写正确的姓名';

/* Masks (domain.md §0.2): what every list and export shows by default. */
export const maskMobile = (m: string) => (m.length >= 11 ? `${m.slice(0, 3)}****${m.slice(-4)}` : '****');
export const maskIdCard = (v: string) =>
  v.length >= 15 ? `${v.slice(0, 6)}${'*'.repeat(v.length - 10)}${v.slice(-4)}` : v.length > 4 ? `${'*'.repeat(v.length - 4)}${v.slice(-4)}` : '****';
export const maskBankCard = (v: string) => (v.length > 4 ? `**** **** **** ${v.slice(-4)}` : '****');

export type PiiKind = 'mobile' | 'id_card' | 'bank_card';
export const maskPii = (kind: PiiKind, v: string) => (kind === 'mobile' ? maskMobile(v) : kind === 'id_card' ? maskIdCard(v) : maskBankCard(v));
