import { call, callWithMsg, type BodyInput } from '../../shared/lib/http';

type Status = 'all' | 'open' | 'review' | 'rejected' | 'closed';
export const listPositions = (q: { status: Status; keywords?: string; page: number; todo?: 'resumes' | 'interviews' }) =>
  call('positions', { query: { ...q, page_size: 10 } });
export const loadPosition = (id: number) => call('position', { params: { id } });
export const savePosition = (body: BodyInput<'positionSave'>) => call('positionSave', { body }, { loading: true });
export const setPositionStatus = (id: number, action: 'close' | 'reopen') => callWithMsg('positionStatus', { params: { id }, body: { action } });

type ApplyStatus = 'all' | 'pending' | 'viewed' | 'invited' | 'unsuitable' | 'hired';
export const listApplies = (id: number, status: ApplyStatus, page: number) =>
  call('positionApplies', { params: { id }, query: { status, page, page_size: 10 } });
export const listHired = (id: number, page: number) => call('positionHired', { params: { id }, query: { page, page_size: 10 } });
export const listInvited = (id: number, page: number) => call('positionInvited', { params: { id }, query: { page, page_size: 10 } });
export const markUnsuitable = (id: number) => callWithMsg('applyUnsuitable', { params: { id } });
export const hire = (id: number) => callWithMsg('applyHire', { params: { id } });
