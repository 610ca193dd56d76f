/**
 * Personal data by need (issue 27): revealing a whole ID number, bank card or mobile and exporting
 * whole numbers states a purpose (查看原因), chosen from PII_PURPOSES or typed after 其他. The rule
 * is here once: the contract's `reason` fields (contract/privacy.ts PiiReason) and the server's
 * audit writer (server/lib/pii.ts) both call piiReasonProblem. No zod here: the console's catalog
 * imports the purposes, and pages outside the console must not pull the schema library in (see
 * contract/roles.ts).
 */
export const PII_PURPOSES = ['办理社保/公积金转移', '开具证明材料', '核对身份信息', '劳动争议/法律事务', '税务申报'] as const;
/** The choice that opens a text field; what is typed becomes the reason. */
export const PII_PURPOSE_OTHER = '其他';

export const PII_REASON_MIN = 2;
export const PII_REASON_MAX = 50;
export const MSG_PII_REASON = '请选择或填写查看原因';
export const MSG_PII_REASON_LONG = `查看原因不能超过${PII_REASON_MAX}个字`;
export const MSG_PII_REASON_BAD = '查看原因包含非法字符';
export const MSG_PII_REASON_NUMBER = '查看原因中请勿填写证件号、手机号、银行卡号等号码';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why `reason` (already trimmed) cannot be a stated purpose, or null when it can. */
export function piiReasonProblem(reason: unknown): string | null {
  if (typeof reason !== 'string' || reason.trim().length < PII_REASON_MIN) return MSG_PII_REASON;
  if (reason.trim().length > PII_REASON_MAX) return MSG_PII_REASON_LONG;
  if (CONTROL.test(reason)) return MSG_PII_REASON_BAD;
  // the audit row never holds a whole number (a CHECK of migration 038 says so too)
  if (/\d{7}/.test(reason)) return MSG_PII_REASON_NUMBER;
  return null;
}
