import { call, callWithMsg, type BodyInput } from '../../shared/lib/http';

// the invitation page (/m/flex/w/:token): the session is the HttpOnly cookie the server sets at verify
export const inviteView = (token: string) => call('workerInvite', { params: { token } }, { hideMessage: true });
export const sendCode = (token: string) => callWithMsg('workerCode', { params: { token } });
export const verifyCode = (token: string, code: string) => callWithMsg('workerVerify', { params: { token }, body: { code } }, { loading: true });
export const realname = (token: string, body: BodyInput<'workerRealname'>) => callWithMsg('workerRealname', { params: { token }, body }, { loading: true });
/** the intent code of signing: to the invited (verified) mobile, at the moment of signing */
export const sendSignCode = (token: string) => callWithMsg('workerSignCode', { params: { token } });
export const sign = (token: string, agreementId: number, code: string) =>
  callWithMsg('workerSign', { params: { token }, body: { agreement_id: agreementId, agree: '1', code } }, { loading: true });
/** 继续签署: a fresh link to the person's open e签宝 flow */
export const signUrl = (token: string) => call('workerSignUrl', { params: { token } }, { loading: true });
export const refuse = (token: string) => callWithMsg('workerRefuse', { params: { token } }, { loading: true });
/** 提交交付: the note and the ImageIds of the photos (uploaded through lib/photo-uploads.ts), in order */
export const deliver = (token: string, note: string, mediaIds: readonly string[]) =>
  callWithMsg('workerDeliver', { params: { token }, body: { note, media_ids: mediaIds.join(',') } }, { loading: true });
export const records = (token: string) => call('workerRecords', { params: { token } });
export const signedFile = (token: string) => call('workerSignedFile', { params: { token } }, { loading: true });

// a task's public sign-up (/m/flex/t/:token)
export const signupTask = (token: string) => call('signupTask', { params: { token } }, { hideMessage: true });
export const signUp = (token: string, body: BodyInput<'signup'>) => callWithMsg('signup', { params: { token }, body }, { loading: true });
