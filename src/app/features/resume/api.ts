import { call } from '../../shared/lib/http';

export const loadResume = (id: number) => call('viewUser', { params: { id } });
export const loadCompany = (id: number) => call('companyInfo', { params: { id } });
