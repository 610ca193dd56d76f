import type { DepartureAction } from '../../../contract/retention';
import { call, callWithMsg } from '../../shared/lib/http';

/** The company's record of full views of personal information (admins only). */
export const piiViews = (page: number) => call('piiViews', { query: { page } });

/** 保存期限: the company's setting for departure records past 2 years and its purge history (admins only). */
export const loadRetention = () => call('retention');
export const saveRetention = (departure_action: DepartureAction) => callWithMsg('retentionSave', { body: { departure_action } });
