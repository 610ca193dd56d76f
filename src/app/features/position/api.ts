import { call, callWithMsg, type BodyInput } from '../../shared/lib/http';
import type { PageAt } from '../../shared/ui/Pager';

type Status = 'all' | 'open' | 'review' | 'rejected' | 'closed';
export const listPositions = (q: { status: Status; keywords?: string; page: number; todo?: 'resumes' | 'interviews' }) =>
  call('positions', { query: { ...q, page_size: 10 } });
export const loadPosition = (id: number) => call('position', { params: { id } });
export const savePosition = (body: BodyInput<'positionSave'>) => call('positionSave', { body }, { loading: true });
/** 分享: the position's public link (made on first use); `rotate` (重新生成链接) retires the old one */
export const sharePosition = (id: number, rotate: boolean) => call('positionShare', { params: { id }, body: { rotate: rotate ? '1' : '0' } });
export const setPositionStatus = (id: number, action: 'close' | 'reopen') => callWithMsg('positionStatus', { params: { id }, body: { action } });

type ApplyStatus = 'all' | 'pending' | 'viewed' | 'invited' | 'unsuitable' | 'hired';
export const listApplies = (id: number, status: ApplyStatus, at: PageAt) =>
  call('positionApplies', { params: { id }, query: { status, ...at, page_size: 10 } });
export const listHired = (id: number, at: PageAt) => call('positionHired', { params: { id }, query: { ...at, page_size: 10 } });
export const markUnsuitable = (id: number, why?: { reason: string; note: string }) =>
  callWithMsg('applyUnsuitable', { params: { id }, body: (why ?? {}) as BodyInput<'applyUnsuitable'> });
export const hire = (id: number) => callWithMsg('applyHire', { params: { id } });
/** 批量不合适 / 批量标记 (issue 32): every row reported, done or refused with its reason. */
export const batchApplies = (id: number, body: BodyInput<'applyBatch'>) => callWithMsg('applyBatch', { params: { id }, body }, { loading: true });
/** .xlsx of the list (or the checked rows); `reason` asks for whole mobiles (pii.full, audited). */
export const exportApplies = (id: number, q: { status: ApplyStatus; ids?: number[]; reason?: string }) =>
  call(
    'applyExport',
    {
      params: { id },
      query: { status: q.status, ...(q.ids?.length ? { ids: q.ids.join(',') } : {}), ...(q.reason ? { reveal: '1' as const, reason: q.reason } : {}) },
    },
    { loading: true },
  );
