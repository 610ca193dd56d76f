import { useEffect, useState } from 'react';
import { Button, Field, MessageBar, MessageBarBody, Radio, RadioGroup, Select, Spinner, Text } from '@fluentui/react-components';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { PROOF_TYPES } from '../../../../contract/tax-rules';
import { tTax } from '../../../shared/i18n/zh-CN.tax';
import { formatFen } from '../../../shared/lib/format';
import { toastSuccess } from '../../../shared/lib/notify';
import { EmptyState } from '../../../shared/ui';
import { createApplication } from '../api';
import { monthOptions, totals } from '../lib/form';
import { patchForm, resetForm, taxForm } from '../store';
import { Fields } from './Fields';
import { PickTable } from './PickTable';
import { useEligible } from './useEligible';
import { useTaxStyles } from './styles';
import { useTaxAccess } from './useTaxAccess';

/** /payTaxes/bulkImport 批量申请: several payout batches of one period and one title → one application; 可开票金额 first. */
export function BulkApply() {
  const s = useTaxStyles();
  const b = tTax.bulk;
  const allowed = useTaxAccess();
  const [, navigate] = useLocation();
  const { form } = useSnapshot(taxForm);
  // one period: the form's end month alone, by batches
  useEffect(() => patchForm({ start: taxForm.form.end, mode: 'batches', ids: [] }), []);
  const data = useEligible(form.end, form.end, allowed === true && form.start === form.end);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (allowed === null) return null;
  if (!allowed) return <section className={s.panel}><EmptyState text={tTax.title} description={tTax.gateHint} /></section>;
  const sum = data ? totals(data.batches, (x) => form.ids.includes(x.id)) : null;

  const submit = async () => {
    if (busy) return;
    const p = form.ids.length < 2 ? b.pickTwo : null;
    setProblem(p);
    if (p) return;
    setBusy(true);
    try {
      const r = await createApplication({
        start: form.end, end: form.end, mode: 'batches', ids: form.ids.join(','), proof_type: form.proof_type, receive: 'download', email: '',
        remark: form.remark.trim(), draft: '0', bulk: '1',
      });
      toastSuccess(r.msg);
      resetForm();
      navigate(`/payTaxes/check/${r.data.id}`);
    } catch {
      // told
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={s.panel}>
      <div className={s.form} data-testid="tax-bulk-form">
        <h3 className={s.sectionTitle}>{b.title}</h3>
        <div className={s.row}>
          <Text className={s.muted}>{b.intro}</Text>
          <Button size="small" appearance="transparent" onClick={() => navigate('/bulkImport/tax')} data-testid="tax-bulk-import">
            {b.importList}
          </Button>
        </div>
        <Field label={b.month} required>
          <Select value={form.end} onChange={(_, d) => patchForm({ start: d.value, end: d.value, ids: [] })} data-testid="tax-bulk-month">
            {monthOptions(new Date()).map((m) => <option key={m} value={m}>{m}</option>)}
          </Select>
        </Field>
        {!data ? (
          <Spinner size="tiny" />
        ) : data.batches.length === 0 ? (
          <EmptyState compact text={tTax.form.none} />
        ) : (
          <>
            <PickTable data={data} mode="batches" ids={form.ids} onChange={(ids) => patchForm({ ids })} />
            <Fields
              testId="tax-bulk-sum"
              items={[
                [b.titleLabel, data.title],
                [b.invoiceable, <span key="i" className={s.money} data-testid="tax-invoiceable">{formatFen(sum?.invoiceable ?? 0, { decimals: 'always' })}</span>],
              ]}
            />
          </>
        )}
        <Field label={tTax.form.proofType} required>
          <RadioGroup layout="horizontal" value={form.proof_type} onChange={(_, d) => patchForm({ proof_type: d.value as 'table' | 'document' })}>
            {Object.entries(PROOF_TYPES).map(([k, v]) => <Radio key={k} value={k} label={v} />)}
          </RadioGroup>
        </Field>
        {problem && <MessageBar intent="error"><MessageBarBody>{problem}</MessageBarBody></MessageBar>}
        <div className={s.footer}>
          <Button appearance="primary" disabled={busy} onClick={() => void submit()} data-testid="tax-bulk-submit">{b.submit}</Button>
        </div>
      </div>
    </section>
  );
}
