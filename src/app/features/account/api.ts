import { call, callWithMsg } from '../../shared/lib/http';

export const listColleagues = () => call('colleagues');
export const checkColleague = (id: number, result: 'pass' | 'reject') => callWithMsg('colleagueCheck', { params: { id }, body: { result } });
export const removeColleague = (id: number) => callWithMsg('colleagueRemove', { params: { id } });
export const companyInviteCode = () => call('companyInvite');
export const companyInvitePreview = (code: string) => call('companyInvitePreview', { params: { code } }, { hideMessage: true });
export const joinCompany = (body: { code: string; realname: string; dept_name: string; job_name: string }) => callWithMsg('companyJoin', { body });
export const saveProfile = (body: { realname: string; dept_name: string; job_name: string }) => call('profile', { body });
export const myInvite = () => call('myInvite');
export const inviterOf = (code: string) => call('inviterOf', { params: { code } }, { hideMessage: true });
export const acceptInvite = (code: string) => callWithMsg('inviteAccept', { body: { code } });
export const listPartners = () => call('partners');
/** The admin sets a colleague's roles (the whole set; 成员 is always kept). */
export const setColleagueRoles = (id: number, roles: string[]) => callWithMsg('colleagueRoles', { params: { id }, body: { roles: roles.join(',') } });
export const roleChanges = (page: number) => call('roleChanges', { query: { page } });
