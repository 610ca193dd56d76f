import { useRef, useState, type FormEvent } from 'react';
import { useFormDraft } from '../../../shared/hooks/draft';
import { Button, Card, Field, Input, makeStyles, Select, Spinner, Text, tokens } from '@fluentui/react-components';
import { INDUSTRIES, STAFF_RANGES } from '../../../../contract/vocab';
import { tAccounts } from '../../../shared/i18n/zh-CN.accounts';
import { t } from '../../../shared/i18n/zh-CN';
import { toastSuccess } from '../../../shared/lib/notify';
import { refreshSession } from '../../../shared/session';
import { media } from '../../../shared/theme';
import { Gated } from '../../../shared/ui/Gated';
import { applyCompany } from '../api';
import { companyProblem, toApplyBody, type CompanyField, type CompanyFormValues, type CompanyProblem } from '../lib/validate';
import { LicenseUpload, type LicenseSlot } from './LicenseUpload';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  card: { padding: tokens.spacingVerticalXL, gap: tokens.spacingVerticalL },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    columnGap: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalL,
    [media.phone]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  wide: { gridColumn: '1 / -1' },
  section: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
});

type TextField = Exclude<CompanyField, 'license_id' | 'industry' | 'staff_num_range'>;

export interface CompanyFormProps {
  initial: CompanyFormValues;
  /** resubmitting a rejected application */
  resubmit?: boolean;
  /** the upload control of the licence (the page composes the upload feature's field) */
  licenseField: LicenseSlot;
  onSubmitted: () => void;
}

/** Create the company and apply for verification (/create), or fix and resubmit (/auth). */
export function CompanyForm({ initial, resubmit, licenseField, onSubmitted }: CompanyFormProps) {
  const s = useStyles();
  // a draft per user: survives a reload, an expired session and a prompt (shared/hooks/draft.ts)
  const [v, setV, draft] = useFormDraft<CompanyFormValues>('company', resubmit ? 'resubmit' : null, initial, ['contact_mobile']);
  const [problem, setProblem] = useState<CompanyProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const refs = useRef<Partial<Record<CompanyField, HTMLElement | null>>>({});
  const f = tAccounts.companyForm;

  const err = (field: CompanyField) => (problem?.field === field ? { validationState: 'error' as const, validationMessage: problem.message } : {});
  const clear = (field: CompanyField) => problem?.field === field && setProblem(null);

  const text = (field: TextField, opts: { maxLength: number; wide?: boolean; type?: 'tel' }) => (
    <Field label={f.fields[field]} required className={opts.wide ? s.wide : undefined} {...err(field)}>
      <Input
        ref={(el) => {
          refs.current[field] = el;
        }}
        name={field}
        type={opts.type}
        value={v[field]}
        maxLength={opts.maxLength}
        placeholder={f.placeholders[field]}
        onChange={(_, d) => {
          setV((x) => ({ ...x, [field]: field === 'contact_mobile' ? d.value.replace(/\D/g, '') : d.value }));
          clear(field);
        }}
      />
    </Field>
  );

  const select = (field: 'industry' | 'staff_num_range', options: readonly string[]) => (
    <Field label={f.fields[field]} required {...err(field)}>
      <Select
        ref={(el) => {
          refs.current[field] = el;
        }}
        name={field}
        value={v[field]}
        onChange={(_, d) => {
          setV((x) => ({ ...x, [field]: d.value }));
          clear(field);
        }}
      >
        <option value="" disabled>
          {f.placeholders[field]}
        </option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </Select>
    </Field>
  );

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (saving) return;
    const p = companyProblem(v);
    setProblem(p);
    if (p) {
      // the first failure shows under its field and takes the focus
      refs.current[p.field]?.focus();
      refs.current[p.field]?.scrollIntoView({ block: 'center' });
      return;
    }
    const body = toApplyBody(v);
    if (!body) return; // companyProblem has checked every choice
    setSaving(true);
    try {
      await applyCompany(body);
      draft.saved();
      toastSuccess(f.submitted);
      await refreshSession();
      onSubmitted();
    } catch {
      // the server's message was shown
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={s.form} onSubmit={submit} noValidate data-testid="company-form">
      <Card className={s.card}>
        <Text className={s.section}>{f.sections[0]}</Text>
        {draft.restored && (
          <Text className={s.muted} data-testid="draft-restored">
            {draft.retype ? t.draft.retype : t.draft.restored}{' '}
            <Button size="small" appearance="subtle" onClick={draft.discard} data-testid="draft-discard">
              {t.draft.discard}
            </Button>
          </Text>
        )}
        <div className={s.grid}>
          {text('company_name', { maxLength: 60, wide: true })}
          {text('creditcode', { maxLength: 20 })}
          {select('industry', INDUSTRIES)}
          {select('staff_num_range', STAFF_RANGES)}
          {text('represent', { maxLength: 20 })}
          {text('address', { maxLength: 120, wide: true })}
        </div>
      </Card>
      <Card className={s.card}>
        <Text className={s.section}>{f.sections[1]}</Text>
        <Field label={f.fields.license} required {...err('license_id')}>
          <LicenseUpload
            value={v.license_id}
            invalid={problem?.field === 'license_id'}
            field={licenseField}
            onChange={(id) => {
              setV((x) => ({ ...x, license_id: id }));
              clear('license_id');
            }}
          />
        </Field>
      </Card>
      <Card className={s.card}>
        <Text className={s.section}>{f.sections[2]}</Text>
        <div className={s.grid}>
          {text('contact_name', { maxLength: 20 })}
          {text('contact_mobile', { maxLength: 11, type: 'tel' })}
        </div>
      </Card>
      <div className={s.actions}>
        {/* re-verifying an admitted company is the admins' (issue 27) */}
        <Gated perm="admin">
          <Button type="submit" appearance="primary" size="large" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
            {saving ? f.submitting : resubmit ? tAccounts.review.resubmit : f.submit}
          </Button>
        </Gated>
        <Text size={200} className={s.muted}>
          {f.joinInstead}
        </Text>
      </div>
    </form>
  );
}
