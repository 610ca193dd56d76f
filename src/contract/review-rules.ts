/**
 * The review rules the console and the server share (issue 32 item 2), without zod: the résumé
 * dialog's chunk imports them and must not pull the schema library in (see contract/roles.ts).
 */
/** 不合适's short list (Moka / 北森 style); 其他 wants the note. */
export const UNSUITABLE_REASONS = ['经验不符', '技能不匹配', '学历不符', '薪资期望过高', '已招满', '其他'] as const;
export type UnsuitableReason = (typeof UNSUITABLE_REASONS)[number];
export const REASON_OTHER = '其他';
export const REASON_NOTE_MAX = 100;
export const TAG_MAX = 10;
export const NOTE_MAX = 500;
/** At most this many rows in one batch call. */
export const BATCH_MAX = 100;
export const MSG_REASON = '请选择不合适原因';
export const MSG_REASON_NOTE = '选择“其他”时请填写说明';
