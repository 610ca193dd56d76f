import { useMemo, useState } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Radio, RadioGroup, Select, Spinner, Text, Textarea } from '@fluentui/react-components';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { PROOF_TYPES, RECEIVE_WAYS } from '../../../../contract/tax-rules';
import { useLateDraft } from '../../../shared/hooks/draft';
import { t } from '../../../shared/i18n/zh-CN';
import { tTax } from '../../../shared/i18n/zh-CN.tax';
import { yuanText } from '../../../../contract/money';
import { toastSuccess } from '../../../shared/lib/notify';
import { EmptyState } from '../../../shared/ui';
import { createApplication } from '../api';
import { formProblem, monthOptions, totals } from '../lib/form';
import { emptyForm, patchForm, resetForm, taxForm, type TaxForm } from '../store';
import { PickTable } from './PickTable';
import { useEligible } from './useEligible';
import { useTaxStyles } from './styles';
import { useTaxAccess } from './useTaxAccess';

/** The draft's values: the chosen ids as text (drafts hold strings and lists of strings). */
type TaxDraft = Omit<TaxForm, 'ids'> & { ids: string[] };
const toDraft = (f: TaxForm): TaxDraft => ({ ...f, ids: f.ids.map(String) });

/** /payTaxes/add: 税款所属期 (month range) · people or payout batches · 证明类型 · 接收方式 · 备注 → 核对. */
export function ApplyForm() {
  const s = useTaxStyles();
  const allowed = useTaxAccess();
  const [, navigate] = useLocation();
  const { form } = useSnapshot(taxForm);
  const data = useEligible(form.start, form.end, allowed === true);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const months = monthOptions(new Date());
  // the draft (issue 18): a gating prompt, a session expiry or a reload gives the form back
  const [base] = useState(() => toDraft(emptyForm()));
  const values = useMemo(() => toDraft(form as TaxForm), [form]);
  const kept = useLateDraft<TaxDraft>('tax', allowed ? 'new' : null, base, values, (v) => patchForm({ ...v, ids: v.ids.map(Number) }));

  if (allowed === null) return null;
  if (!allowed)
    return (
      <section className={s.panel}>
        <EmptyState text={tTax.title} description={tTax.gateHint} />
      </section>
    );

  const items: { id: number; tax: number; income: number; invoiceable: number }[] = data
    ? form.mode === 'people'
      ? data.people.map((p) => ({ ...p, id: p.worker_id }))
      : data.batches
    : [];
  const sum = totals(items, (x) => form.ids.includes(x.id));
  const heads = data ? (form.mode === 'people' ? sum.n : data.batches.filter((b) => form.ids.includes(b.id)).reduce((n, b) => n + b.head_count, 0)) : 0;

  const submit = async (draft: boolean) => {
    if (busy) return;
    const p = formProblem({ ...form, now: new Date(), ids: [...form.ids] });
    setProblem(p);
    if (p) return;
    setBusy(true);
    try {
      const r = await createApplication({
        start: form.start,
        end: form.end,
        mode: form.mode,
        ids: form.ids.join(','),
        proof_type: form.proof_type,
        receive: form.receive,
        email: form.email.trim(),
        remark: form.remark.trim(),
        draft: draft ? '1' : '0',
        bulk: '0',
      });
      toastSuccess(r.msg);
      kept.saved();
      resetForm();
      navigate(draft ? '/payTaxes/list' : `/payTaxes/check/${r.data.id}`);
    } catch {
      // told
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={s.panel}>
      <div className={s.form} data-testid="tax-form">
        <h3 className={s.sectionTitle}>{tTax.form.title}</h3>
        {kept.restored && (
          <Text className={s.small} data-testid="draft-restored">
            {t.draft.restored}{' '}
            <Button size="small" appearance="subtle" onClick={kept.discard} data-testid="draft-discard">
              {t.draft.discard}
            </Button>
          </Text>
        )}
        <Field label={tTax.form.period} required>
          <div className={s.row}>
            <Select value={form.start} onChange={(_, d) => patchForm({ start: d.value, ids: [] })} aria-label={tTax.form.start} data-testid="tax-start">
              {months.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </Select>
            <Text>{tTax.form.to}</Text>
            <Select value={form.end} onChange={(_, d) => patchForm({ end: d.value, ids: [] })} aria-label={tTax.form.end} data-testid="tax-end">
              {months.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </Select>
          </div>
        </Field>
        <Field label={tTax.form.by} required>
          <RadioGroup layout="horizontal" value={form.mode} onChange={(_, d) => patchForm({ mode: d.value as 'people' | 'batches', ids: [] })}>
            <Radio value="people" label={tTax.form.byPeople} data-testid="tax-mode-people" />
            <Radio value="batches" label={tTax.form.byBatches} data-testid="tax-mode-batches" />
          </RadioGroup>
        </Field>
        {!data ? (
          <div className={s.row}>
            <Spinner size="tiny" />
            <Text className={s.muted}>{tTax.form.loading}</Text>
          </div>
        ) : items.length === 0 ? (
          <EmptyState compact text={tTax.form.none} />
        ) : (
          <>
            <PickTable data={data} mode={form.mode} ids={form.ids} onChange={(ids) => patchForm({ ids })} />
            <Text className={s.small} data-testid="tax-selected">
              {tTax.form.selected(sum.n, heads, yuanText(sum.tax))}
            </Text>
          </>
        )}
        <Field label={tTax.form.proofType} required hint={tTax.form.proofHint}>
          <RadioGroup layout="horizontal" value={form.proof_type} onChange={(_, d) => patchForm({ proof_type: d.value as 'table' | 'document' })}>
            {Object.entries(PROOF_TYPES).map(([k, v]) => (
              <Radio key={k} value={k} label={v} data-testid={`tax-proof-${k}`} />
            ))}
          </RadioGroup>
        </Field>
        <Field label={tTax.form.receive} required>
          <RadioGroup layout="horizontal" value={form.receive} onChange={(_, d) => patchForm({ receive: d.value as 'download' | 'email' })}>
            {Object.entries(RECEIVE_WAYS).map(([k, v]) => (
              <Radio key={k} value={k} label={v} />
            ))}
          </RadioGroup>
        </Field>
        {form.receive === 'email' && (
          <Field label={tTax.form.email} required>
            <Input type="email" value={form.email} maxLength={80} onChange={(_, d) => patchForm({ email: d.value })} />
          </Field>
        )}
        <Field label={tTax.form.remark}>
          <Textarea
            value={form.remark}
            maxLength={200}
            placeholder={tTax.form.remarkPh}
            onChange={(_, d) => patchForm({ remark: d.value })}
            data-testid="tax-remark"
          />
        </Field>
        {problem && (
          <MessageBar intent="error">
            <MessageBarBody>{problem}</MessageBarBody>
          </MessageBar>
        )}
        <div className={s.footer}>
          <Button disabled={busy} onClick={() => void submit(true)}>
            {tTax.form.draft}
          </Button>
          <Button appearance="primary" disabled={busy} onClick={() => void submit(false)} data-testid="tax-next">
            {tTax.form.next}
          </Button>
        </div>
      </div>
    </section>
  );
}
