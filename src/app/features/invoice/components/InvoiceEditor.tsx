import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  Switch,
  Text,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import { useLateDraft } from '../../../shared/hooks/draft';
import { t } from '../../../shared/i18n/zh-CN';
import { tMembership } from '../../../shared/i18n/zh-CN.membership';
import { call, callWithMsg } from '../../../shared/lib/http';
import { toastSuccess } from '../../../shared/lib/notify';
import { session } from '../../../shared/session';
import { media } from '../../../shared/theme';
import { Gated } from '../../../shared/ui/Gated';
import { emptyInvoice, filterInput, fromSaved, toBody, validateInvoice, type InvoiceField, type InvoiceForm, type InvoiceProblem } from '../lib/form';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
    [media.phone]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  wide: { gridColumn: '1 / -1' },
  loading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground3 },
});

export interface InvoiceEditorProps {
  /** an order's invoice (after a payment), or null for the company's invoice details */
  orderId: string | null;
  packName?: string;
  /** the dialog's title */
  title: ReactNode;
  onDone: () => void;
}

type TextField = Exclude<InvoiceField, 'invoice_type'>;

/** The draft's values: plain strings (the type and the shipping switch as text). */
type DraftValues = Omit<InvoiceForm, 'invoice_type'> & { invoice_type: string; shipping: string };
const SENSITIVE = ['ship_phone'] as const satisfies readonly (keyof DraftValues)[];
const toDraft = (form: InvoiceForm, shipping: boolean): DraftValues => ({
  ...form,
  invoice_type: form.invoice_type === null ? '' : String(form.invoice_type),
  shipping: shipping ? '1' : '',
});
const fromDraft = (v: DraftValues): { form: InvoiceForm; shipping: boolean } => {
  const { shipping, invoice_type, ...rest } = v;
  return { form: { ...rest, invoice_type: invoice_type === '1' ? 1 : invoice_type === '0' ? 0 : null }, shipping: shipping === '1' };
};

/**
 * The invoice dialog's body (SPEC §5): read-only until the saved details are loaded; the rules
 * checked in order with the first failure shown; switching the type clears the validation.
 */
export function InvoiceEditor({ orderId, packName, title, onDone }: InvoiceEditorProps) {
  const s = useStyles();
  const { member } = useSnapshot(session);
  const [form, setForm] = useState<InvoiceForm>(() => emptyInvoice());
  const [shipping, setShipping] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [problem, setProblem] = useState<InvoiceProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const refs = useRef<Partial<Record<InvoiceField, HTMLInputElement | null>>>({});
  const companyName = member?.company_name ?? '';
  // the draft (issue 18): kept per order (or the company's details) once the saved ones are loaded;
  // the recipient's mobile stays out of localStorage (docs/pii.md)
  const [base, setBase] = useState<DraftValues | null>(null);
  const values = useMemo(() => toDraft(form, shipping), [form, shipping]);
  const draft = useLateDraft<DraftValues>(
    'invoice',
    orderId ?? 'company',
    base,
    values,
    (v) => {
      const back = fromDraft(v);
      setForm(back.form);
      setShipping(back.shipping);
    },
    SENSITIVE,
  );

  useEffect(() => {
    let live = true;
    call('invoice').then(
      ({ invoice, defaults }) => {
        if (!live) return;
        const v = fromSaved(invoice, defaults.company_name || companyName, defaults.creditcode);
        setForm(v.form);
        setShipping(v.shipping);
        setBase(toDraft(v.form, v.shipping));
        setLoaded(true);
      },
      () => {
        if (!live) return;
        setForm(emptyInvoice(companyName));
        setBase(toDraft(emptyInvoice(companyName), false));
        setLoaded(true);
      },
    );
    return () => {
      live = false;
    };
  }, [companyName]);

  const set = (field: TextField) => (_: unknown, d: { value: string }) => {
    setForm((f) => ({ ...f, [field]: filterInput(field, d.value) }));
    if (problem?.field === field) setProblem(null);
  };

  const submit = async (ev?: FormEvent) => {
    ev?.preventDefault();
    if (!loaded || saving) return;
    const p = validateInvoice(form, shipping);
    setProblem(p);
    if (p) {
      // the first failure shows under its field (a toast per try would queue up)
      refs.current[p.field]?.focus();
      return;
    }
    if (form.invoice_type === null) return; // validateInvoice has said so
    setSaving(true);
    try {
      const body = toBody({ ...form, invoice_type: form.invoice_type }, shipping);
      if (orderId) {
        const { msg } = await callWithMsg('saveOrderInvoice', { params: { id: orderId }, body });
        toastSuccess(msg || tMembership.invoice.submitted);
      } else {
        await call('saveInvoice', { body });
        toastSuccess(t.request.saved);
      }
      draft.saved();
      onDone();
    } catch {
      // the server's message was shown
    } finally {
      setSaving(false);
    }
  };

  const text = (field: TextField, opts: { required?: boolean; wide?: boolean; maxLength: number; inputMode?: 'numeric' | 'tel' }) => (
    <Field
      className={opts.wide ? s.wide : undefined}
      label={tMembership.invoice.fields[field]}
      required={opts.required}
      validationState={problem?.field === field ? 'error' : 'none'}
      validationMessage={problem?.field === field ? problem.message : undefined}
    >
      <Input
        ref={(el) => {
          refs.current[field] = el;
        }}
        name={field}
        value={form[field]}
        onChange={set(field)}
        readOnly={!loaded}
        maxLength={opts.maxLength}
        inputMode={opts.inputMode}
        placeholder={tMembership.invoice.placeholders[field]}
      />
    </Field>
  );

  const special = form.invoice_type === 1;
  return (
    <form onSubmit={submit} noValidate data-testid="invoice-form" data-loaded={loaded}>
      <DialogBody>
        <DialogTitle action={<Button appearance="subtle" aria-label={tMembership.vip.close} icon={<DismissRegular />} onClick={onDone} />}>{title}</DialogTitle>
        <DialogContent className={s.content}>
          {orderId && packName && (
            <MessageBar intent="success">
              <MessageBarBody>{tMembership.invoice.paidTip(packName)}</MessageBarBody>
            </MessageBar>
          )}
          {draft.restored && (
            <Text size={200} data-testid="draft-restored">
              {draft.retype ? t.draft.retype : t.draft.restored}{' '}
              <Button size="small" appearance="subtle" type="button" onClick={draft.discard} data-testid="draft-discard">
                {t.draft.discard}
              </Button>
            </Text>
          )}
          {!loaded && (
            <div className={s.loading}>
              <Spinner size="extra-tiny" />
              {tMembership.invoice.readonlyHint}
            </div>
          )}
          <div className={s.grid}>
            {text('company_name', { required: true, wide: true, maxLength: 100 })}
            {text('creditcode', { required: true, maxLength: 20 })}
            <Field
              label={tMembership.invoice.fields.invoice_type}
              required
              validationState={problem?.field === 'invoice_type' ? 'error' : 'none'}
              validationMessage={problem?.field === 'invoice_type' ? problem.message : undefined}
            >
              <RadioGroup
                layout="horizontal"
                value={form.invoice_type === null ? '' : String(form.invoice_type)}
                disabled={!loaded}
                onChange={(_, d) => {
                  setForm((f) => ({ ...f, invoice_type: d.value === '1' ? 1 : 0 }));
                  // switching the type clears the validation (SPEC §5)
                  setProblem(null);
                }}
              >
                <Radio value="0" label={tMembership.invoice.types[0]} />
                <Radio value="1" label={tMembership.invoice.types[1]} />
              </RadioGroup>
            </Field>
            {text('bank_account', { required: special, maxLength: 30, inputMode: 'numeric' })}
            {text('bank_name', { required: special, maxLength: 60 })}
            {text('address', { required: special, wide: true, maxLength: 120 })}
            {text('phone', { required: special, maxLength: 20, inputMode: 'tel' })}
            <Field className={s.wide}>
              <Switch
                label={tMembership.invoice.fields.ship}
                checked={shipping}
                disabled={!loaded}
                onChange={(_, d) => {
                  setShipping(d.checked);
                  setProblem(null);
                }}
              />
            </Field>
            {shipping && (
              <>
                {text('ship_name', { required: true, maxLength: 30 })}
                {text('ship_phone', { required: true, maxLength: 11, inputMode: 'tel' })}
                {text('ship_address', { required: true, wide: true, maxLength: 120 })}
              </>
            )}
          </div>
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" type="button" onClick={onDone} disabled={saving}>
            {orderId ? tMembership.invoice.later : tMembership.invoice.cancel}
          </Button>
          {/* saving the invoice details is 财务's and the admins' (issue 27) */}
          <Gated perm="finance">
            <Button appearance="primary" type="submit" disabled={!loaded || saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
              {orderId ? tMembership.invoice.submit : tMembership.invoice.save}
            </Button>
          </Gated>
        </DialogActions>
      </DialogBody>
    </form>
  );
}
