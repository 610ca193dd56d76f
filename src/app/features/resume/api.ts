import { call, callWithMsg } from '../../shared/lib/http';

export const loadResume = (id: number) => call('viewUser', { params: { id } });
export const loadCompany = (id: number) => call('companyInfo', { params: { id } });
/** 查看联系方式: the full mobile (check_info CRC the first time; audited). */
export const revealContact = (id: number) => callWithMsg('contactReveal', { params: { id } }, { loading: true });
