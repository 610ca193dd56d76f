import { call, callWithMsg } from '../../shared/lib/http';

/**
 * 重复人才 (administrators, issue 32 item 3). Only the lazy dialog imports this: kept out of api.ts
 * so the hall's route chunk does not export to the dialog's (that wraps the route and costs the shell).
 */
export const loadDuplicates = (signal?: AbortSignal) => call('duplicates', {}, { signal });
export const loadMergePreview = (keep: number, drop: number, signal?: AbortSignal) => call('mergePreview', { query: { keep, drop } }, { signal });
export const mergePair = (keep: number, drop: number) => callWithMsg('merge', { body: { keep, drop } }, { loading: true });
