import type { HallQuery } from '../../../contract';
import { call, callWithMsg } from '../../shared/lib/http';

export const searchHall = (q: HallQuery, signal?: AbortSignal) => call('hall', { query: q as Record<string, string | number | undefined> }, { signal });

/** 重复人才 (administrators, issue 32 item 3). */
export const loadDuplicates = (signal?: AbortSignal) => call('duplicates', {}, { signal });
export const loadMergePreview = (keep: number, drop: number, signal?: AbortSignal) => call('mergePreview', { query: { keep, drop } }, { signal });
export const mergePair = (keep: number, drop: number) => callWithMsg('merge', { body: { keep, drop } }, { loading: true });
