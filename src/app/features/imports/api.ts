import { call, type QueryInput } from '../../shared/lib/http';

export const downloadTemplate = (type: string) => call('importTemplate', { params: { type } }, { loading: true });
export const uploadFile = (type: string, file_name: string, file: string) =>
  call('importUpload', { params: { type }, body: { file_name, file } }, { timeoutMs: 180_000, dedupeMs: 0 });
export const commitBatch = (id: number) => call('importCommit', { params: { id } }, { timeoutMs: 180_000 });
export const loadBatch = (id: number) => call('importBatch', { params: { id } });
export const listBatches = (q: QueryInput<'importBatches'>) => call('importBatches', { query: { ...q, page_size: 10 } });
export const downloadOriginal = (id: number) => call('importOriginal', { params: { id } }, { loading: true });
export const downloadErrors = (id: number) => call('importErrorFile', { params: { id } }, { loading: true });
export const loadIssues = (id: number, page: number) => call('importIssues', { params: { id }, query: { page } });
