import { call, callWithMsg, type BodyInput, type QueryInput } from '../../shared/lib/http';

type WorkerTab = NonNullable<QueryInput<'empWorkers'>['tab']>;

export const listTasks = (q: QueryInput<'empTasks'>) => call('empTasks', { query: { ...q, page_size: 10 } });
export const loadTask = (id: number) => call('empTask', { params: { id } });
export const saveTask = (body: BodyInput<'empTaskSave'>) => callWithMsg('empTaskSave', { body }, { loading: true });
export const taskAction = (id: number, action: 'submit' | 'end' | 'cancel' | 'delete' | 'copy') =>
  callWithMsg('empTaskAction', { params: { id }, body: { action } });
export const saveSetting = (id: number, body: BodyInput<'empTaskSetting'>) => callWithMsg('empTaskSetting', { params: { id }, body });
export const listAgreements = (id: number) => call('empAgreements', { params: { id } });
export const saveAgreement = (id: number, body: BodyInput<'empAgreementSave'>) => callWithMsg('empAgreementSave', { params: { id }, body }, { loading: true });
export const agreementUrl = (id: number) => call('empAgreementUrl', { params: { id } });
export const listWorkers = (id: number, tab: WorkerTab, page: number) => call('empWorkers', { params: { id }, query: { tab, page, page_size: 10 } });
/** 添加人员; a person on file with other details comes back as an ApiError the dialog shows itself (not a toast) */
export const addWorker = (id: number, body: BodyInput<'empWorkerAdd'>) => callWithMsg('empWorkerAdd', { params: { id }, body }, { hideMessage: true });
export const pickWorkers = (id: number, ids: number[]) => callWithMsg('empWorkerPick', { params: { id }, body: { ids: ids.join(',') } });
export const listFlexWorkers = (q: { keywords?: string; task_id: number; page: number; after?: string; before?: string }) =>
  call('empFlexWorkers', { query: { ...q, page_size: 10 } });
export const workerAction = (id: number, action: BodyInput<'empWorkerAction'>['action'], reason = '') =>
  callWithMsg('empWorkerAction', { params: { id }, body: { action, reason } });
/** 签署证据 of a task worker (the page shows a refusal itself, e.g. 该人员暂无签署证据) */
export const signEvidence = (taskWorkerId: number) => call('empSignEvidence', { params: { id: taskWorkerId } }, { hideMessage: true });
/** the evidence package (.zip, base64) of one signature (the evidence's own id) */
export const signEvidencePackage = (evidenceId: number) => call('empSignEvidencePackage', { params: { id: evidenceId } }, { loading: true });
/** the signed PDF e签宝 delivered (a signature made through its signing flow) */
export const signedFile = (evidenceId: number) => call('empSignedFile', { params: { id: evidenceId } }, { loading: true });
