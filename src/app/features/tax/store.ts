/**
 * The /payTaxes/add form's state, in one place (drafted by ApplyForm's `useLateDraft`);
 * `resetForm` starts over after a submit. 批量申请 keeps its own state and draft (BulkApply).
 */
import { proxy } from 'valtio';
import { defaultPeriod } from './lib/form';

export interface TaxForm {
  start: string;
  end: string;
  mode: 'people' | 'batches';
  /** chosen worker ids (mode people) or batch ids (mode batches) */
  ids: number[];
  proof_type: 'table' | 'document';
  receive: 'download' | 'email';
  email: string;
  remark: string;
}

export const emptyForm = (now = new Date()): TaxForm => {
  const p = defaultPeriod(now);
  return { start: p.start, end: p.end, mode: 'people', ids: [], proof_type: 'table', receive: 'download', email: '', remark: '' };
};

export const taxForm = proxy<{ form: TaxForm }>({ form: emptyForm() });

export function patchForm(patch: Partial<TaxForm>): void {
  Object.assign(taxForm.form, patch);
}
export function resetForm(): void {
  taxForm.form = emptyForm();
}
