import { call, callWithMsg, type BodyInput, type QueryInput } from '../../shared/lib/http';

export const loadService = () => call('taxService');
export const applyService = (body: BodyInput<'taxServiceApply'>) => callWithMsg('taxServiceApply', { body });
export const loadEligible = (start: string, end: string) => call('taxEligible', { query: { start, end } });
export const createApplication = (body: BodyInput<'taxCreate'>) => callWithMsg('taxCreate', { body }, { loading: true });
export const listApplications = (q: QueryInput<'taxList'>) => call('taxList', { query: { ...q, page_size: 10 } });
export const loadApplication = (id: number) => call('taxDetail', { params: { id } });
export const applicationAction = (id: number, action: 'prepare' | 'withdraw') => callWithMsg('taxAction', { params: { id }, body: { action } });
export const submitChecked = (id: number) => callWithMsg('taxSubmit', { params: { id }, body: { confirmed: '1' } }, { loading: true });
export const loadOrder = (id: number) => call('taxOrder', { params: { id } });
export const payWechat = (id: number) => call('taxPayWechat', { params: { id } });
export const payBank = (id: number, media_id: string) => callWithMsg('taxPayBank', { params: { id }, body: { media_id } });
export const loadInvoice = (id: number, number: string) => call('taxInvoice', { params: { id, number } });
export const downloadFile = (id: number, kind: 'proof' | 'invoice') => call('taxFile', { params: { id }, query: { kind } }, { loading: true });
export const checkTaxProof = (code: string, sha256?: string) => call('taxProofCheck', { params: { code }, query: { sha256 } }, { hideMessage: true });
