import { useState } from 'react';
import { Button, Checkbox, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import { PROOF_TYPES, periodText } from '../../../../contract/tax-rules';
import { openInvoice } from '../../../shared/dialogs/store';
import { tTax } from '../../../shared/i18n/zh-CN.tax';
import { yuanText } from '../../../../contract/money';
import { toastSuccess } from '../../../shared/lib/notify';
import { EmptyState } from '../../../shared/ui';
import { applicationAction, submitChecked } from '../api';
import { Fields } from './Fields';
import { RowsTable } from './RowsTable';
import { TaxBadge } from './StatusBadge';
import { useApplication } from './useApplication';
import { useTaxStyles } from './styles';
import { useTaxAccess } from './useTaxAccess';

/** /payTaxes/check/{id}: the rows with 一致 / 不一致; 我已核对以上信息无误 must be ticked before submitting. */
export function CheckView({ id }: { id: number }) {
  const s = useTaxStyles();
  const allowed = useTaxAccess();
  const [, navigate] = useLocation();
  const { data, setData } = useApplication(id, allowed === true);
  const [ticked, setTicked] = useState(false);
  const [busy, setBusy] = useState(false);

  if (allowed === null) return null;
  if (!allowed)
    return (
      <section className={s.panel}>
        <EmptyState text={tTax.title} description={tTax.gateHint} />
      </section>
    );
  if (data === null)
    return (
      <div className={s.center}>
        <Spinner />
      </div>
    );
  if (data === 'missing')
    return (
      <section className={s.panel}>
        <EmptyState text={tTax.list.empty} />
      </section>
    );

  const run = async (what: 'prepare' | 'submit') => {
    if (busy) return;
    setBusy(true);
    try {
      const r = what === 'prepare' ? await applicationAction(id, 'prepare') : await submitChecked(id);
      toastSuccess(r.msg);
      if (what === 'submit') navigate(`/payTaxes/order/${id}`);
      else setData(r.data);
    } catch {
      // told
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={s.root}>
      <section className={s.panel}>
        <div className={s.head}>
          <Text as="h2" size={500} weight="semibold">
            {tTax.check.title}
          </Text>
          <TaxBadge status={data.status} />
        </div>
        <Fields
          items={[
            [tTax.detail.fields.applyNo, data.apply_no],
            [tTax.detail.fields.period, periodText(data.period_start, data.period_end)],
            [tTax.detail.fields.proofType, PROOF_TYPES[data.proof_type]],
            [tTax.check.fee, yuanText(data.fee)],
          ]}
        />
      </section>
      <section className={s.panel}>
        <Text className={s.muted}>{tTax.check.intro}</Text>
        <RowsTable rows={data.rows} />
        <Text className={s.small}>{tTax.check.summary(data.rows.length, yuanText(data.income), yuanText(data.tax))}</Text>
      </section>
      <section className={s.panel}>
        <h3 className={s.sectionTitle}>{tTax.check.invoice}</h3>
        <div className={s.row}>
          <Text className={s.muted}>{tTax.check.invoiceHint}</Text>
          <Button size="small" onClick={() => openInvoice(null)}>
            {tTax.check.editInvoice}
          </Button>
        </div>
      </section>
      <section className={s.panel}>
        {data.status === 'draft' ? (
          <Button appearance="primary" disabled={busy} onClick={() => void run('prepare')} data-testid="tax-prepare">
            {tTax.check.prepare}
          </Button>
        ) : data.status === 'checking' ? (
          <div className={s.form}>
            {!data.all_consistent && (
              <MessageBar intent="error">
                <MessageBarBody>{tTax.check.intro}</MessageBarBody>
              </MessageBar>
            )}
            <Checkbox checked={ticked} onChange={(_, d) => setTicked(d.checked === true)} label={tTax.check.confirm} data-testid="tax-confirm" />
            <div className={s.footer}>
              <Button appearance="primary" disabled={!ticked || busy || !data.all_consistent} onClick={() => void run('submit')} data-testid="tax-submit">
                {tTax.check.submit}
              </Button>
            </div>
          </div>
        ) : (
          <Text className={s.muted}>{tTax.check.notChecking}</Text>
        )}
      </section>
    </div>
  );
}
