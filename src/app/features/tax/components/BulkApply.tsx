import { useState } from 'react';
import { Button, Field, MessageBar, MessageBarBody, Radio, RadioGroup, Select, Spinner, Text } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import { PROOF_TYPES } from '../../../../contract/tax-rules';
import { useFormDraft } from '../../../shared/hooks/draft';
import { t } from '../../../shared/i18n/zh-CN';
import { tTax } from '../../../shared/i18n/zh-CN.tax';
import { yuanText } from '../../../../contract/money';
import { toastSuccess } from '../../../shared/lib/notify';
import { EmptyState } from '../../../shared/ui';
import { createApplication } from '../api';
import { defaultPeriod, monthOptions, totals } from '../lib/form';
import { Fields } from './Fields';
import { PickTable } from './PickTable';
import { useEligible } from './useEligible';
import { useTaxStyles } from './styles';
import { useTaxAccess } from './useTaxAccess';

/** The bulk form's values (a draft holds strings and lists of strings: the batch ids as text). */
interface BulkForm {
  month: string;
  ids: string[];
  proof_type: 'table' | 'document';
}

/**
 * /payTaxes/bulkImport 批量申请: several payout batches of one period and one title → one
 * application; 可开票金额 first. Its own state and draft (`taxBulkDraft:`), apart from the
 * /payTaxes/add form's: a bulk submit neither takes the other form's values nor leaves a draft.
 */
export function BulkApply() {
  const s = useTaxStyles();
  const b = tTax.bulk;
  const allowed = useTaxAccess();
  const [, navigate] = useLocation();
  const [initial] = useState<BulkForm>(() => ({ month: defaultPeriod(new Date()).end, ids: [], proof_type: 'table' }));
  const [v, setV, draft] = useFormDraft<BulkForm>('taxBulk', 'new', initial);
  const form = { ...v, ids: v.ids.map(Number) };
  const patch = (p: Partial<BulkForm>) => setV((o) => ({ ...o, ...p }));
  const data = useEligible(form.month, form.month, allowed === true);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (allowed === null) return null;
  if (!allowed)
    return (
      <section className={s.panel}>
        <EmptyState text={tTax.title} description={tTax.gateHint} />
      </section>
    );
  const sum = data ? totals(data.batches, (x) => form.ids.includes(x.id)) : null;

  const submit = async () => {
    if (busy) return;
    const p = form.ids.length < 2 ? b.pickTwo : null;
    setProblem(p);
    if (p) return;
    setBusy(true);
    try {
      const r = await createApplication({
        start: form.month,
        end: form.month,
        mode: 'batches',
        ids: form.ids.join(','),
        proof_type: form.proof_type,
        receive: 'download',
        email: '',
        remark: '',
        draft: '0',
        bulk: '1',
      });
      toastSuccess(r.msg);
      draft.saved();
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
        {draft.restored && (
          <Text className={s.small} data-testid="draft-restored">
            {t.draft.restored}{' '}
            <Button size="small" appearance="subtle" onClick={draft.discard} data-testid="draft-discard">
              {t.draft.discard}
            </Button>
          </Text>
        )}
        <div className={s.row}>
          <Text className={s.muted}>{b.intro}</Text>
          <Button size="small" appearance="transparent" onClick={() => navigate('/bulkImport/tax')} data-testid="tax-bulk-import">
            {b.importList}
          </Button>
        </div>
        <Field label={b.month} required>
          <Select value={form.month} onChange={(_, d) => patch({ month: d.value, ids: [] })} data-testid="tax-bulk-month">
            {monthOptions(new Date()).map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </Select>
        </Field>
        {!data ? (
          <Spinner size="tiny" />
        ) : data.batches.length === 0 ? (
          <EmptyState compact text={tTax.form.none} />
        ) : (
          <>
            <PickTable data={data} mode="batches" ids={form.ids} onChange={(ids) => patch({ ids: ids.map(String) })} />
            <Fields
              testId="tax-bulk-sum"
              items={[
                [b.titleLabel, data.title],
                [
                  b.invoiceable,
                  <span key="i" className={s.money} data-testid="tax-invoiceable">
                    {yuanText(sum?.invoiceable ?? 0)}
                  </span>,
                ],
              ]}
            />
          </>
        )}
        <Field label={tTax.form.proofType} required>
          <RadioGroup layout="horizontal" value={form.proof_type} onChange={(_, d) => patch({ proof_type: d.value as 'table' | 'document' })}>
            {Object.entries(PROOF_TYPES).map(([k, v]) => (
              <Radio key={k} value={k} label={v} />
            ))}
          </RadioGroup>
        </Field>
        {problem && (
          <MessageBar intent="error">
            <MessageBarBody>{problem}</MessageBarBody>
          </MessageBar>
        )}
        <div className={s.footer}>
          <Button appearance="primary" disabled={busy} onClick={() => void submit()} data-testid="tax-bulk-submit">
            {b.submit}
          </Button>
        </div>
      </div>
    </section>
  );
}
