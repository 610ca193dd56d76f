/**
 * Reviewing applications where the résumé is read (issue 32 item 2): 不合适 with a reason, batch
 * actions over a list, the company's private notes and tags, the .xlsx export; and one person, one
 * record (item 3): duplicates found by ID number, mobile (blind index) and résumé file hash, merged
 * by an administrator after a preview. docs/decisions.md → "Review where you read" and "Duplicates".
 */
import { z } from 'zod';
import { ep, type Endpoint } from './endpoint';
import { DateTimeText, Id, IdParam, freeText, text } from './common';
import { ExportTicket } from './exports';
import { PiiReason } from './privacy';
import { ApplyStatusData } from './recruitment';
import { BATCH_MAX, MSG_REASON, MSG_REASON_NOTE, NOTE_MAX, REASON_NOTE_MAX, REASON_OTHER, TAG_MAX, UNSUITABLE_REASONS } from './review-rules';

export * from './review-rules';

const reasonFields = {
  reason: z.enum(UNSUITABLE_REASONS, { error: MSG_REASON }),
  note: freeText(REASON_NOTE_MAX).max(REASON_NOTE_MAX, `说明不能超过${REASON_NOTE_MAX}个字`).optional().default(''),
};
const noteForOther = (b: { reason?: string; note: string }) => b.reason !== REASON_OTHER || b.note.length > 0;

/** 不合适 of one application: the reason may be left out by older callers (stored as ''). */
export const UnsuitableBody = z
  .strictObject({ reason: reasonFields.reason.optional(), note: reasonFields.note })
  .refine(noteForOther, { message: MSG_REASON_NOTE, path: ['note'] });

const idList = z
  .string({ error: '请选择投递记录' })
  .trim()
  .regex(new RegExp(`^\\d{1,10}(,\\d{1,10}){0,${BATCH_MAX - 1}}$`), `请选择投递记录（一次最多${BATCH_MAX}份）`)
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .pipe(z.array(z.number().int().positive().max(2_147_483_647)).min(1, '请选择投递记录'));

const tagText = text(TAG_MAX).min(1, '请填写标签').max(TAG_MAX, `标签不能超过${TAG_MAX}个字`);

/**
 * A batch over checked applications: 不合适 (one reason for all) or 标记 (one tag for all). Each
 * row goes through the single action's domain function; the answer reports every row.
 */
export const BatchBody = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('unsuitable'), ids: idList, ...reasonFields }).refine(noteForOther, { message: MSG_REASON_NOTE, path: ['note'] }),
  z.strictObject({ action: z.literal('tag'), ids: idList, tag: tagText }),
]);
export const BatchData = z.object({
  done: z.array(ApplyStatusData),
  /** rows not changed and why (另一企业的 / 已录用 / 已标记…) */
  refused: z.array(z.object({ id: z.number().int(), msg: z.string() })),
});
export type BatchData = z.infer<typeof BatchData>;

/** 导出: masked unless `reveal` (pii.full, with the stated reason; every person audited). */
export const ApplyExportQuery = z.union([
  z.strictObject({ status: z.enum(['all', 'pending', 'viewed', 'invited', 'unsuitable', 'hired']).default('all'), ids: idList.optional() }),
  z.strictObject({
    status: z.enum(['all', 'pending', 'viewed', 'invited', 'unsuitable', 'hired']).default('all'),
    ids: idList.optional(),
    reveal: z.literal('1'),
    reason: PiiReason,
  }),
]);

/** What the résumé dialog shows beside the résumé: the company's notes and tags, the application's state. */
export const ReviewData = z.object({
  notes: z.array(z.object({ id: z.number().int(), body: z.string(), author: z.string(), created_at: DateTimeText, own: z.boolean() })),
  tags: z.array(z.object({ tag: z.string(), author: z.string(), created_at: DateTimeText })),
  /** the caller's company's applications of this person, newest first */
  applications: z.array(
    z.object({
      id: z.number().int(),
      position_id: z.number().int(),
      title: z.string(),
      status: z.enum(['pending', 'viewed', 'invited', 'unsuitable', 'hired']),
      reject_reason: z.string(),
      reject_note: z.string(),
    }),
  ),
});
export type ReviewData = z.infer<typeof ReviewData>;
export const NoteBody = z.strictObject({ body: freeText(NOTE_MAX).min(1, '请填写备注').max(NOTE_MAX, `备注不能超过${NOTE_MAX}个字`) });
export const TagBody = z.strictObject({ tag: tagText });
export const TagDeleteBody = z.strictObject({ tag: tagText });

// --- duplicates ----------------------------------------------------------------------------------

export const EVIDENCE = ['id_card', 'mobile', 'file'] as const;
export type Evidence = (typeof EVIDENCE)[number];
const Person = z.object({
  id: z.number().int(),
  realname: z.string(),
  gender: z.string(),
  birth_date: z.string(),
  mobile: z.string(),
  id_card: z.string(),
  applications: z.number().int(),
  updated_at: DateTimeText,
});
export const DuplicateList = z.object({
  list: z.array(z.object({ a: Person, b: Person, evidence: z.array(z.enum(EVIDENCE)) })),
});
export type DuplicateList = z.infer<typeof DuplicateList>;
export const MergeQuery = z.strictObject({ keep: Id, drop: Id });
export const MergeBody = MergeQuery;
export const MergePreview = z.object({
  keep: Person,
  drop: Person,
  evidence: z.array(z.enum(EVIDENCE)),
  /** per field: the value the merged record will have and whose it is */
  fields: z.array(z.object({ field: z.string(), value: z.string(), from: z.enum(['keep', 'drop']) })),
  /** the caller's company's applications that move to the kept record */
  moves: z.array(z.object({ id: z.number().int(), title: z.string(), status: z.string(), outcome: z.enum(['move', 'fold']) })),
  /** other companies' applications that move too (a count: not the caller's to see) */
  other_moves: z.number().int(),
  notes: z.number().int(),
  tags: z.number().int(),
});
export type MergePreview = z.infer<typeof MergePreview>;
export const MergeData = z.object({ kept: z.number().int(), merged: z.number().int(), moved: z.number().int(), folded: z.number().int() });

export const reviewEndpoints = {
  applyReview: ep({ method: 'GET', path: '/talent/review/:id', params: IdParam, data: ReviewData, auth: true, perm: 'recruit' }),
  noteAdd: ep({ method: 'POST', path: '/talent/review/:id/note', params: IdParam, body: NoteBody, data: ReviewData, auth: true, perm: 'recruit' }),
  tagAdd: ep({ method: 'POST', path: '/talent/review/:id/tag', params: IdParam, body: TagBody, data: ReviewData, auth: true, perm: 'recruit' }),
  tagRemove: ep({ method: 'POST', path: '/talent/review/:id/untag', params: IdParam, body: TagDeleteBody, data: ReviewData, auth: true, perm: 'recruit' }),
  applyBatch: ep({ method: 'POST', path: '/position/:id/applications/batch', params: IdParam, body: BatchBody, data: BatchData, auth: true, perm: 'recruit' }),
  applyExport: ep({
    method: 'GET',
    path: '/position/:id/applications/export',
    params: IdParam,
    query: ApplyExportQuery,
    data: ExportTicket,
    auth: true,
    perm: 'recruit',
  }),
  duplicates: ep({ method: 'GET', path: '/talent/duplicates', data: DuplicateList, auth: true, perm: 'admin' }),
  mergePreview: ep({ method: 'GET', path: '/talent/duplicates/preview', query: MergeQuery, data: MergePreview, auth: true, perm: 'admin' }),
  merge: ep({ method: 'POST', path: '/talent/duplicates/merge', body: MergeBody, data: MergeData, auth: true, perm: 'admin' }),
} as const satisfies Record<string, Endpoint>;
