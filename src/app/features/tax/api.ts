import { call, callWithMsg } from '../../shared/lib/http';

export const loadService = () => call('taxService');
export const applyService = (body: { tax_office: string; contact_name: string; contact_phone: string; agree: '1' }) =>
  callWithMsg('taxServiceApply', { body });
export const loadEligible = (start: string, end: string) => call('taxEligible', { query: { start, end } });
export const createApplication = (body: {
  start: string; end: string; mode: 'people' | 'batches'; ids: string; proof_type: string; receive: string; email: string; remark: string;
  draft: '0' | '1'; bulk: '0' | '1';
}) => callWithMsg('taxCreate', { body }, { loading: true });
export const listApplications = (q: { keywords: string; status: string; page: number }) => call('taxList', { query: { ...q, page_size: 10 } });
export const loadApplication = (id: number) => call('taxDetail', { params: { id } });
export const applicationAction = (id: number, action: 'prepare' | 'withdraw') => callWithMsg('taxAction', { params: { id }, body: { action } });
export const submitChecked = (id: number) => callWithMsg('taxSubmit', { params: { id }, body: { confirmed: '1' } }, { loading: true });
export const loadOrder = (id: number) => call('taxOrder', { params: { id } });
export const payWechat = (id: number) => call('taxPayWechat', { params: { id } });
export const payBank = (id: number, media_id: string) => callWithMsg('taxPayBank', { params: { id }, body: { media_id } });
export const loadInvoice = (id: number, number: string) => call('taxInvoice', { params: { id, number } });
export const downloadFile = (id: number, kind: 'proof' | 'invoice') => call('taxFile', { params: { id }, query: { kind } }, { loading: true });
