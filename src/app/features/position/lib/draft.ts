/** The position form's draft: the shared draft store (shared/lib/draft.ts) under `positionDraft:`. */
import { formDraftKey } from '../../../shared/lib/draft';

export { clearDraft, DRAFT_TTL_MS, isDirty, readDraft, saveDraft, type Draft } from '../../../shared/lib/draft';

export const draftKey = (userId: number | string, positionId: number | null) => formDraftKey('position', userId, positionId);
