import { call, callWithMsg, type BodyInput } from '../../shared/lib/http';

export const loadResume = (id: number) => call('viewUser', { params: { id } });
export const loadCompany = (id: number) => call('companyInfo', { params: { id } });
/** 查看联系方式: the full mobile (check_info CRC the first time; audited). */
export const revealContact = (id: number) => callWithMsg('contactReveal', { params: { id } }, { loading: true });
/** The company's notes, tags and applications of a candidate (issue 32). */
export const loadReview = (id: number) => call('applyReview', { params: { id } });
export const addNote = (id: number, body: string) => callWithMsg('noteAdd', { params: { id }, body: { body } }, { loading: true });
export const addTag = (id: number, tag: string) => call('tagAdd', { params: { id }, body: { tag } });
export const removeTag = (id: number, tag: string) => call('tagRemove', { params: { id }, body: { tag } });
export const markUnsuitable = (id: number, why: { reason: string; note: string }) =>
  callWithMsg('applyUnsuitable', { params: { id }, body: why as BodyInput<'applyUnsuitable'> }, { loading: true });
export const hire = (id: number) => callWithMsg('applyHire', { params: { id } }, { loading: true });
