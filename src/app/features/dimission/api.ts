import { call, callWithMsg, type BodyInput, type QueryInput } from '../../shared/lib/http';

export const listRequests = (q: QueryInput<'dimRequests'>) => call('dimRequests', { query: { ...q, page_size: 10 } });
export const approveRequest = (id: number, body: BodyInput<'dimApprove'>) => call('dimApprove', { params: { id }, body }, { loading: true });
export const rejectRequest = (id: number, reason: string) => call('dimReject', { params: { id }, body: { reason } }, { loading: true });
export const handoverDone = (id: number) => call('dimHandover', { params: { id } });
export const urgeRequest = (id: number) => call('dimRequestUrge', { params: { id } });
export const revealRequestMobile = (id: number) => call('dimRequestMobile', { params: { id } });

export const leaveQr = (rotate: boolean) => call('dimQr', { body: { rotate: rotate ? '1' : undefined } });

export const listProofs = (q: QueryInput<'dimProofs'>) => call('dimProofs', { query: { ...q, page_size: 10 } });
export const loadProof = (id: number) => call('dimProof', { params: { id } });
export const proofFromRecord = (recordId: number) => call('dimProofFromRecord', { body: { record_id: recordId } }, { loading: true });
export const proofManual = (body: BodyInput<'dimProofManual'>) => call('dimProofManual', { body }, { loading: true });
export const saveProof = (id: number, body: BodyInput<'dimProofSave'>) => call('dimProofSave', { params: { id }, body }, { loading: true });
export const issueProof = (id: number, earlyReason?: string) =>
  call('dimProofIssue', { params: { id }, body: { early_reason: earlyReason || undefined } }, { loading: true });
export const proofPdf = (id: number) => call('dimProofFile', { params: { id } }, { loading: true });
export const voidProof = (id: number, reason: string) => call('dimProofVoid', { params: { id }, body: { reason } }, { loading: true });
export const reissueProof = (id: number) => call('dimProofReissue', { params: { id } }, { loading: true });
export const urgeProof = (id: number) => call('dimProofUrge', { params: { id } });
export const sealProof = (id: number) => call('dimProofSeal', { params: { id } });
export const sealState = (id: number) => call('dimProofSealState', { params: { id } }, { hideMessage: true });

export const listRecords = (q: { keywords?: string; page: number; after?: string; before?: string }) => call('dimRecords', { query: { ...q, page_size: 10 } });
export const transferDone = (id: number) => call('dimRecordTransfer', { params: { id } });
/** 查看 a record's whole ID number or mobile, for a stated purpose (查看原因; audited with it). */
export const revealRecord = (id: number, field: 'id_card' | 'mobile', reason: string) => call('dimRecordReveal', { params: { id }, query: { field, reason } });
export const exportRecords = (keywords?: string) => call('dimRecordsExport', { query: { keywords } }, { loading: true });

// the public pages (no login)
export const leavePage = (token: string) => call('leavePage', { params: { token } }, { hideMessage: true });
export const leaveCode = (token: string, mobile: string) => callWithMsg('leaveCode', { params: { token }, body: { mobile } });
export const leaveVerify = (token: string, mobile: string, code: string) =>
  call('leaveVerify', { params: { token }, body: { mobile, code } }, { loading: true });
export const leaveSubmit = (token: string, body: BodyInput<'leaveSubmit'>) => call('leaveSubmit', { params: { token }, body }, { loading: true });
export const leaveWithdraw = (token: string, ticket: string) => call('leaveWithdraw', { params: { token }, body: { ticket } }, { loading: true });
export const proofView = (token: string) => call('proofView', { params: { token } }, { hideMessage: true });
export const proofRevealCode = (token: string) => callWithMsg('proofViewCode', { params: { token } });
export const proofReveal = (token: string, code: string) => call('proofViewReveal', { params: { token }, body: { code } }, { loading: true });
export const proofFile = (token: string) => call('proofViewFile', { params: { token } }, { loading: true });
export const checkProof = (code: string, sha256?: string) => call('proofCheck', { params: { code }, query: { sha256 } }, { hideMessage: true });
