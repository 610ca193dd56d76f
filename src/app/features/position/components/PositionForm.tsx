import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Checkbox, Field, Input, makeStyles, Option, Radio, RadioGroup, Spinner, Text, Textarea, tokens } from '@fluentui/react-components';
import { Dropdown } from '../../../shared/ui/Dropdown';
import { useLocation, useSearch } from 'wouter';
import { CITIES, CITY_NAMES, EDUCATION, EXPERIENCE, JOB_CATEGORIES, JOB_NATURES, WELFARE } from '../../../../contract/vocab';
import { requireMember } from '../../../shared/dialogs/store';
import { useDraftForm } from '../../../shared/hooks/draft-form';
import { t } from '../../../shared/i18n/zh-CN';
import { tRecruit } from '../../../shared/i18n/zh-CN.recruitment';
import type { BodyInput } from '../../../shared/lib/http';
import { toast } from '../../../shared/lib/notify';
import { media, sizes } from '../../../shared/theme';
import { formGrid } from '../../../shared/theme/form-grid';
import { loadPosition, savePosition } from '../api';
import { usePageStyles } from './styles';

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 18em',
    gap: tokens.spacingHorizontalXXL,
    alignItems: 'start',
    [media.narrow]: { gridTemplateColumns: '1fr' },
  },
  aside: {
    position: 'sticky',
    top: `calc(${sizes.navHeight} + ${tokens.spacingVerticalL})`,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground2,
    lineHeight: tokens.lineHeightBase300,
  },
  asideTitle: {
    margin: `0 0 ${tokens.spacingVerticalS}`,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  tips: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '52em' },
  section: { ...formGrid, gap: tokens.spacingHorizontalL },
  sectionTitle: {
    gridColumn: '1 / -1',
    margin: 0,
    paddingLeft: tokens.spacingHorizontalS,
    borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorBrandStroke1}`,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  wide: { gridColumn: '1 / -1' },
  salary: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  salaryInput: { width: '6em' },
  welfare: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM },
  footer: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  draft: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

const blank = {
  title: '',
  category: '',
  city: '',
  district: '',
  salary_min: '',
  salary_max: '',
  salary_months: '12',
  experience: 'any',
  education: '0',
  headcount: '1',
  welfare: [] as string[],
  description: '',
  address: '',
  contact_name: '',
  contact_tel: '',
  department: '',
  job_nature: JOB_NATURES[0] as string,
  closes_on: '',
  contact_public: '0',
  notify_apply: '1',
};
type Values = typeof blank;
type Errors = Partial<Record<keyof Values, string>>;

/**
 * zod issues of the contract's own schema → the first message per field (one source of rules);
 * the body the schema accepted is the one sent. The schema (and zod) load on the first submit,
 * keeping them out of the position pages' chunks.
 */
async function check(v: Values, id: number | null): Promise<{ errors: Errors; body: BodyInput<'positionSave'> } | { errors: Errors; body: null }> {
  const { PositionBody } = await import('../../../../contract/recruitment');
  const body = { ...v, welfare: v.welfare.join(','), ...(id ? { id: String(id) } : {}) };
  const r = PositionBody.safeParse(body);
  // accepted by the endpoint's own schema: the fields are its input (the enums are its codes)
  if (r.success) return { errors: {}, body: body as BodyInput<'positionSave'> };
  const errors: Errors = {};
  const fallback = tRecruit.positionForm.errors as Record<string, string>;
  for (const i of r.error.issues) {
    const k = i.path[0] as keyof Values | undefined;
    if (!k || errors[k]) continue;
    // the schema's own Chinese words; zod's English defaults are replaced by the field's message
    errors[k] = /[\u4e00-\u9fff]/.test(i.message) ? i.message : (fallback[k] ?? fallback[k.startsWith('salary') ? 'salary' : 'title']!);
  }
  return { errors, body: null };
}

/** 发布职位 / 编辑职位 (/position/post, ?id= to edit). Members only; the draft survives prompts and expiry. */
export function PositionForm() {
  const s = useStyles();
  const p = usePageStyles();
  const [, navigate] = useLocation();
  const id = Number(new URLSearchParams(useSearch()).get('id')) || null;
  const form = useDraftForm<Values>({
    form: 'position',
    id,
    blank,
    load: async (positionId) => {
      const d = await loadPosition(positionId);
      return {
        title: d.title,
        category: d.category,
        city: d.city,
        district: d.district,
        salary_min: String(d.salary_min),
        salary_max: String(d.salary_max),
        salary_months: String(d.salary_months),
        experience: d.experience,
        education: String(d.education),
        headcount: String(d.headcount),
        welfare: d.welfare,
        description: d.description,
        address: d.address,
        contact_name: d.contact_name,
        contact_tel: d.contact_tel,
        department: d.department,
        job_nature: d.job_nature,
        closes_on: d.closes_on,
        contact_public: d.contact_public ? '1' : '0',
        notify_apply: d.notify_apply ? '1' : '0',
      };
    },
    onLoadFailed: () => navigate('/position'),
    restoredMessage: tRecruit.positionForm.draftRestored,
  });
  const { base, values } = form;
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // the member prompt shows before the user fills the form (SPEC §6)
  useEffect(() => {
    requireMember();
  }, []);

  const set = (patch: Partial<Values>) => {
    form.set(patch);
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as (keyof Values)[]) delete next[k];
      return next;
    });
  };
  const districts = useMemo(() => CITIES[values.city] ?? [], [values.city]);

  const submit = async () => {
    const { errors: errs, body } = await check(values, id);
    setErrors(errs);
    if (!body) {
      const first = Object.values(errs).find(Boolean);
      if (first) toast('warning', first);
      // bring the first field in error into view once React has marked it
      requestAnimationFrame(() => {
        const bad = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
        bad?.scrollIntoView({ block: 'center', behavior: 'smooth' });
        bad?.focus({ preventScroll: true });
      });
      return;
    }
    if (!requireMember()) return;
    setSaving(true);
    try {
      const r = await savePosition(body);
      form.saved();
      toast('success', id ? tRecruit.positionForm.saved : r.status === 'review' ? tRecruit.positionForm.publishedReview : tRecruit.positionForm.published);
      navigate('/position');
    } catch {
      // the request layer showed why; the draft stays
    } finally {
      setSaving(false);
    }
  };

  if (!base)
    return (
      <section className={p.panel}>
        <div className={p.center}>
          <Spinner label={t.state.loadingOverlay} />
        </div>
      </section>
    );

  const f = tRecruit.positionForm.fields;
  const ph = tRecruit.positionForm.placeholders;
  const err = (k: keyof Values) => (errors[k] ? { validationState: 'error' as const, validationMessage: errors[k] } : {});
  const select = (k: keyof Values, options: readonly { value: string; label: string }[], label: string) => (
    <Field label={label} required {...err(k)}>
      <Dropdown
        placeholder={ph.select}
        value={options.find((o) => o.value === values[k])?.label ?? ''}
        selectedOptions={[String(values[k])]}
        onOptionSelect={(_, d) => set({ [k]: d.optionValue ?? '', ...(k === 'city' ? { district: '' } : {}) } as Partial<Values>)}
        data-testid={`position-${k}`}
      >
        {options.map((o) => (
          <Option key={o.value} value={o.value}>
            {o.label}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );

  // 是/否 of a position's switch (联系方式对外显示, 接收投递通知)
  const yesNo = (k: 'contact_public' | 'notify_apply', label: string, hint: string) => (
    <Field label={label} hint={hint} {...err(k)}>
      <RadioGroup layout="horizontal" value={values[k]} onChange={(_, d) => set({ [k]: d.value })} data-testid={`position-${k.replace('_', '-')}`}>
        <Radio value="1" label={tRecruit.positionForm.yes} />
        <Radio value="0" label={tRecruit.positionForm.no} />
      </RadioGroup>
    </Field>
  );

  return (
    <section className={p.panel}>
      <div className={p.head}>
        <Text as="h1" size={500} weight="semibold">
          {id ? tRecruit.positionForm.titleEdit : tRecruit.positionForm.titleNew}
        </Text>
        {form.restored && (
          <Button data-testid="draft-discard" size="small" appearance="subtle" onClick={form.discard}>
            {tRecruit.positionForm.discardDraft}
          </Button>
        )}
      </div>
      <div className={s.layout}>
        <form
          ref={formRef}
          className={s.form}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
        >
          <div className={s.section}>
            <h2 className={s.sectionTitle}>{tRecruit.positionForm.sections[0]}</h2>
            <Field label={f.title} required className={s.wide} {...err('title')}>
              <Input value={values.title} maxLength={30} placeholder={ph.title} onChange={(_, d) => set({ title: d.value })} data-testid="position-title" />
            </Field>
            {select(
              'category',
              JOB_CATEGORIES.map((c) => ({ value: c, label: c })),
              f.category,
            )}
            {select(
              'job_nature',
              JOB_NATURES.map((n) => ({ value: n, label: n })),
              f.jobNature,
            )}
            {select(
              'city',
              CITY_NAMES.map((c) => ({ value: c, label: c })),
              f.city,
            )}
            {select(
              'district',
              districts.map((c) => ({ value: c, label: c })),
              f.district,
            )}
            <Field label={f.headcount} required {...err('headcount')}>
              <Input type="number" min={1} max={999} value={values.headcount} onChange={(_, d) => set({ headcount: d.value })} />
            </Field>
            <Field label={f.department} {...err('department')}>
              <Input
                value={values.department}
                maxLength={15}
                placeholder={ph.department}
                onChange={(_, d) => set({ department: d.value })}
                data-testid="position-department"
              />
            </Field>
            <Field label={f.closesOn} hint={tRecruit.positionForm.hints.closesOn} {...err('closes_on')}>
              <Input type="date" value={values.closes_on} onChange={(_, d) => set({ closes_on: d.value })} data-testid="position-closes-on" />
            </Field>
          </div>

          <div className={s.section}>
            <h2 className={s.sectionTitle}>{tRecruit.positionForm.sections[1]}</h2>
            <Field label={f.salary} required {...err(errors.salary_min ? 'salary_min' : 'salary_max')}>
              <div className={s.salary}>
                <Input
                  className={s.salaryInput}
                  type="number"
                  min={1}
                  max={250}
                  placeholder={f.salaryMin}
                  value={values.salary_min}
                  onChange={(_, d) => set({ salary_min: d.value })}
                  aria-label={f.salaryMin}
                  data-testid="position-salary-min"
                />
                <span>—</span>
                <Input
                  className={s.salaryInput}
                  type="number"
                  min={1}
                  max={250}
                  placeholder={f.salaryMax}
                  value={values.salary_max}
                  onChange={(_, d) => set({ salary_max: d.value })}
                  aria-label={f.salaryMax}
                  data-testid="position-salary-max"
                />
                <span>K</span>
              </div>
            </Field>
            {select(
              'salary_months',
              Array.from({ length: 13 }, (_, i) => ({ value: String(12 + i), label: tRecruit.positionForm.monthsText(12 + i) })),
              f.months,
            )}
            {select(
              'experience',
              EXPERIENCE.map((e) => ({ value: e.code, label: e.label })),
              f.experience,
            )}
            {select(
              'education',
              EDUCATION.map((e) => ({ value: String(e.code), label: e.code ? tRecruit.positionForm.educationAtLeast(e.label) : e.label })),
              f.education,
            )}
            <Field label={f.welfare} className={s.wide} {...err('welfare')}>
              <div className={s.welfare}>
                {WELFARE.map((w) => (
                  <Checkbox
                    key={w}
                    label={w}
                    checked={values.welfare.includes(w)}
                    onChange={(_, d) => {
                      if (d.checked && values.welfare.length >= 8) {
                        toast('warning', tRecruit.positionForm.welfareLimit);
                        return;
                      }
                      set({ welfare: d.checked ? [...values.welfare, w] : values.welfare.filter((x) => x !== w) });
                    }}
                  />
                ))}
              </div>
            </Field>
          </div>

          <div className={s.section}>
            <h2 className={s.sectionTitle}>{tRecruit.positionForm.sections[2]}</h2>
            <Field label={f.description} required className={s.wide} {...err('description')}>
              <Textarea
                value={values.description}
                maxLength={2000}
                rows={6}
                resize="vertical"
                placeholder={ph.description}
                onChange={(_, d) => set({ description: d.value })}
                data-testid="position-description"
              />
            </Field>
          </div>

          <div className={s.section}>
            <h2 className={s.sectionTitle}>{tRecruit.positionForm.sections[3]}</h2>
            <Field label={f.address} required className={s.wide} {...err('address')}>
              <Input
                value={values.address}
                maxLength={100}
                placeholder={ph.address}
                onChange={(_, d) => set({ address: d.value })}
                data-testid="position-address"
              />
            </Field>
            <Field label={f.contactName} required {...err('contact_name')}>
              <Input
                value={values.contact_name}
                maxLength={30}
                placeholder={ph.contactName}
                onChange={(_, d) => set({ contact_name: d.value })}
                data-testid="position-contact-name"
              />
            </Field>
            <Field label={f.contactTel} required {...err('contact_tel')}>
              <Input
                value={values.contact_tel}
                maxLength={20}
                placeholder={ph.contactTel}
                onChange={(_, d) => set({ contact_tel: d.value })}
                data-testid="position-contact-tel"
              />
            </Field>
            {yesNo('contact_public', f.contactPublic, tRecruit.positionForm.hints.contactPublic)}
            {yesNo('notify_apply', f.notifyApply, tRecruit.positionForm.hints.notifyApply)}
          </div>

          <div className={s.footer}>
            <Button appearance="primary" type="submit" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined} data-testid="position-submit">
              {id ? tRecruit.positionForm.submitEdit : tRecruit.positionForm.submitNew}
            </Button>
            <Button onClick={() => navigate('/position')}>{tRecruit.positionForm.cancel}</Button>
          </div>
        </form>
        <aside className={s.aside}>
          <h2 className={s.asideTitle}>{tRecruit.positionForm.tipsTitle}</h2>
          <ol className={s.tips}>
            {tRecruit.positionForm.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ol>
        </aside>
      </div>
    </section>
  );
}
