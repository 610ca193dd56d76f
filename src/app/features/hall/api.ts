import type { HallQuery } from '../../../contract';
import { call } from '../../shared/lib/http';

export const searchHall = (q: HallQuery, signal?: AbortSignal) => call('hall', { query: q as Record<string, string | number | undefined> }, { signal });
