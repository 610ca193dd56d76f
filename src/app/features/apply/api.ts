import { call, callWithMsg, type BodyInput } from '../../shared/lib/http';

// a position's public page (/m/job/:token): no login, the link is the key
export const jobPage = (token: string) => call('jobPage', { params: { token } }, { hideMessage: true });
export const sendApplyCode = (token: string, mobile: string) => call('jobCode', { params: { token }, body: { mobile } });
export const applyForJob = (token: string, body: BodyInput<'jobApply'>) => callWithMsg('jobApply', { params: { token }, body }, { loading: true });
