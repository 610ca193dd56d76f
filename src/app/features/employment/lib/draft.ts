/** The task form's draft: the shared draft store (shared/lib/draft.ts) under `taskDraft:`. */
import { formDraftKey } from '../../../shared/lib/draft';

export { clearDraft, DRAFT_TTL_MS, isDirty, readDraft, saveDraft } from '../../../shared/lib/draft';

export const taskDraftKey = (userId: number | string, taskId: number | null) => formDraftKey('task', userId, taskId);
