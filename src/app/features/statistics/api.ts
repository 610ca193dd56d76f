import { call } from '../../shared/lib/http';
import type { RangeCode } from '../../../contract/statistics-rules';

export interface Filter {
  range: RangeCode;
  start?: string;
  end?: string;
  position_id?: number;
  department?: string;
}
export const loadRecruit = (q: Filter) => call('statsRecruit', { query: { ...q } });
export const loadDeparture = (q: Filter) => call('statsDeparture', { query: { ...q } });
export const loadFlex = (q: Filter) => call('statsFlex', { query: { ...q } });
export const loadCrc = (q: Filter) => call('statsCrc', { query: { ...q } });
export const exportStats = (q: Filter) => call('statsExport', { query: { ...q } }, { loading: true });
/** 在职人数 as of a day (issue 31; admin only on the server). */
export const setHeadcount = (b: { as_of: string; staff: string; department?: string }) => call('statsHeadcountSet', { body: b }, { loading: true });
