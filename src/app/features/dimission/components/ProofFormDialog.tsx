import { useEffect, useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Select,
  Spinner,
  Text,
} from '@fluentui/react-components';
import { dateProblem, isDate, LEGAL_BASES, LEGAL_BASIS_CODES, tenureText, wordingProblem } from '../../../../contract/dimission-rules';
import { isOneOf, LEAVE_TYPE_CODES, LEAVE_TYPES, oneOf } from '../../../../contract/vocab';
import { useLateDraft } from '../../../shared/hooks/draft';
import { t } from '../../../shared/i18n/zh-CN';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import type { BodyInput } from '../../../shared/lib/http';
import { toast } from '../../../shared/lib/notify';
import { loadProof, proofManual, saveProof } from '../api';
import { usePageStyles } from './styles';

/** `manual`: a departure typed in by HR (a new record); a number: edit that draft. */
export type ProofFormTarget = 'manual' | number | null;

const EMPTY = {
  name: '',
  id_card: '',
  mobile: '',
  dept_name: '',
  leave_type: 'resign',
  job_name: '',
  entry_date: '',
  leave_date: '',
  contract_start: '',
  contract_end: '',
  contract_open_ended: false,
  legal_basis: '',
  print_reason: false,
  non_compete: '',
};
type Form = typeof EMPTY;
/** ID and mobile numbers never go to localStorage: memory only (docs/pii.md, drafts) */
const SENSITIVE = ['id_card', 'mobile'] as const satisfies readonly (keyof Form)[];

/**
 * 填写 / 编辑 a departure proof: the art. 24 facts, the legal basis, the neutral-wording check. The
 * years of service are shown as the dates give them, never typed (issue 30 item 2: the server
 * computes them too); a field's error goes as soon as its value changes.
 */
export function ProofFormDialog({ target, onClose, onSaved }: { target: ProofFormTarget; onClose: () => void; onSaved: (id: number) => void }) {
  const s = usePageStyles();
  const F = tDim.form;
  const [f, setF] = useState<Form>(EMPTY);
  const [loaded, setLoaded] = useState(false);
  const [err, setErr] = useState<Partial<Record<keyof Form, string>>>({});
  // the draft (issue 18): per proof (or a new entry), given back once the form's own values are known
  const [base, setBase] = useState<Form | null>(null);
  const draft = useLateDraft<Form>('proof', target, base, f, setF, SENSITIVE);
  useEffect(() => {
    setErr({});
    setBase(null);
    if (target === 'manual') {
      setF(EMPTY);
      setBase(EMPTY);
      setLoaded(true);
    } else if (typeof target === 'number') {
      setLoaded(false);
      loadProof(target).then(
        (p) => {
          const loadedForm: Form = {
            ...EMPTY,
            name: p.name,
            id_card: p.id_card_mask,
            job_name: p.job_name,
            entry_date: p.entry_date,
            leave_date: p.leave_date,
            contract_start: p.contract_start ?? '',
            contract_end: p.contract_end ?? '',
            contract_open_ended: p.contract_open_ended,
            legal_basis: p.legal_basis,
            print_reason: p.print_reason,
            non_compete: p.non_compete,
          };
          setF(loadedForm);
          setBase(loadedForm);
          setLoaded(true);
        },
        () => onClose(),
      );
    }
  }, [target, onClose]);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setF((o) => {
      const n = { ...o, [k]: v };
      if (k === 'entry_date' && !o.contract_start) n.contract_start = String(v);
      return n;
    });
    // the message was about the old value; a date's also about the date rules it shares
    const dates = ['entry_date', 'leave_date', 'contract_start', 'contract_end', 'contract_open_ended'];
    setErr((e) => {
      if (!e[k] && !(dates.includes(k) && e.leave_date)) return e;
      const n = { ...e };
      delete n[k];
      if (dates.includes(k)) delete n.leave_date;
      return n;
    });
  };
  const tenure = isDate(f.entry_date) && isDate(f.leave_date) && f.leave_date >= f.entry_date ? tenureText(f.entry_date, f.leave_date) : '';
  const text = (k: keyof Form) => (_: unknown, d: { value: string }) => set(k, d.value as never);

  const check = (): boolean => {
    const e: Partial<Record<keyof Form, string>> = {};
    const req = (k: keyof Form, label: string) => {
      if (!String(f[k]).trim()) e[k] = F.required(label);
    };
    if (target === 'manual') {
      req('name', F.name);
      req('id_card', F.idCard);
      if (!isOneOf(LEAVE_TYPE_CODES, f.leave_type)) e.leave_type = F.choose + F.leaveType;
    }
    req('job_name', F.job);
    req('entry_date', F.entry);
    req('leave_date', F.leave);
    req('contract_start', F.contractStart);
    if (!f.contract_open_ended) req('contract_end', F.contractEnd);
    if (!isOneOf(LEGAL_BASIS_CODES, f.legal_basis)) e.legal_basis = F.legalBasisRequired;
    const dp = dateProblem({ ...f, contract_open_ended: f.contract_open_ended });
    if (dp && !Object.keys(e).length) e.leave_date = dp;
    // the one wording rule (contract/dimission-rules), as the server applies it
    const words = wordingProblem({ job_name: f.job_name, non_compete: f.non_compete, dept_name: f.dept_name });
    if (words) {
      e[words.field as keyof Form] = words.message;
      toast('warning', words.message);
    }
    setErr(e);
    return Object.keys(e).length === 0;
  };

  const submit = async () => {
    const legal_basis = oneOf(LEGAL_BASIS_CODES, f.legal_basis);
    const leave_type = oneOf(LEAVE_TYPE_CODES, f.leave_type);
    // check() has said what is missing
    if (!check() || target === null || !legal_basis) return;
    const common: BodyInput<'dimProofSave'> = {
      job_name: f.job_name.trim(),
      entry_date: f.entry_date,
      leave_date: f.leave_date,
      contract_start: f.contract_start,
      contract_end: f.contract_open_ended ? '' : f.contract_end,
      contract_open_ended: f.contract_open_ended,
      legal_basis,
      print_reason: f.print_reason,
      non_compete: f.non_compete.trim(),
    };
    try {
      if (target === 'manual') {
        if (!leave_type) return;
        const r = await proofManual({
          ...common,
          name: f.name.trim(),
          id_card: f.id_card.trim(),
          mobile: f.mobile.trim(),
          dept_name: f.dept_name.trim(),
          leave_type,
        });
        draft.saved();
        onSaved(r.id);
      } else {
        await saveProof(target, common);
        draft.saved();
        toast('success', F.saved);
        onSaved(target);
      }
    } catch {
      // told by the request layer
    }
  };

  const field = (k: keyof Form, label: string, input: React.ReactNode, opts: { required?: boolean; hint?: string; wide?: boolean } = {}) => (
    <Field label={label} required={opts.required} hint={opts.hint} validationMessage={err[k]} className={opts.wide ? s.wide : undefined}>
      {input}
    </Field>
  );
  return (
    <Dialog open={target !== null} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={s.wideDialog}>
        <DialogBody>
          <DialogTitle>{target === 'manual' ? F.addTitle : F.editTitle}</DialogTitle>
          <DialogContent>
            {!loaded ? (
              <Spinner label={t.state.loading} />
            ) : (
              <div className={s.form} data-testid="proof-form">
                <p className={`${s.note} ${s.wide}`}>{F.neutral}</p>
                {draft.restored && (
                  <Text className={s.wide} data-testid="draft-restored">
                    {draft.retype && target === 'manual' ? t.draft.retype : t.draft.restored}{' '}
                    <Button size="small" appearance="subtle" onClick={draft.discard} data-testid="draft-discard">
                      {t.draft.discard}
                    </Button>
                  </Text>
                )}
                {target === 'manual' ? (
                  <>
                    {field('name', F.name, <Input value={f.name} maxLength={20} onChange={text('name')} data-testid="pf-name" />, { required: true })}
                    {field('id_card', F.idCard, <Input value={f.id_card} maxLength={18} onChange={text('id_card')} data-testid="pf-id-card" />, {
                      required: true,
                    })}
                    {field('mobile', F.mobile, <Input value={f.mobile} maxLength={11} inputMode="numeric" onChange={text('mobile')} data-testid="pf-mobile" />)}
                    {field('dept_name', F.dept, <Input value={f.dept_name} maxLength={30} onChange={text('dept_name')} />)}
                    {field(
                      'leave_type',
                      F.leaveType,
                      <Select value={f.leave_type} onChange={text('leave_type')}>
                        {LEAVE_TYPES.map((x) => (
                          <option key={x.code} value={x.code}>
                            {x.label}
                          </option>
                        ))}
                      </Select>,
                    )}
                  </>
                ) : (
                  <>
                    {field('name', F.name, <Input value={f.name} readOnly />)}
                    {field('id_card', F.idCard, <Input value={f.id_card} readOnly />)}
                  </>
                )}
                {field('job_name', F.job, <Input value={f.job_name} maxLength={30} onChange={text('job_name')} data-testid="pf-job" />, { required: true })}
                {field('entry_date', F.entry, <Input type="date" value={f.entry_date} onChange={text('entry_date')} data-testid="pf-entry" />, {
                  required: true,
                })}
                {field('leave_date', F.leave, <Input type="date" value={f.leave_date} onChange={text('leave_date')} data-testid="pf-leave" />, {
                  required: true,
                })}
                {field(
                  'contract_start',
                  F.contractStart,
                  <Input type="date" value={f.contract_start} onChange={text('contract_start')} data-testid="pf-contract-start" />,
                  { required: true },
                )}
                {field(
                  'contract_end',
                  F.contractEnd,
                  <Input type="date" value={f.contract_end} disabled={f.contract_open_ended} onChange={text('contract_end')} data-testid="pf-contract-end" />,
                  { required: !f.contract_open_ended },
                )}
                <Checkbox
                  className={s.wide}
                  checked={f.contract_open_ended}
                  label={F.openEnded}
                  onChange={(_, d) => set('contract_open_ended', d.checked === true)}
                  data-testid="pf-open-ended"
                />
                <Field label={F.tenure} hint={F.tenureHint} className={s.wide}>
                  <Input value={tenure} readOnly placeholder={F.tenurePending} data-testid="pf-tenure" />
                </Field>
                {field(
                  'legal_basis',
                  F.legalBasis,
                  <Select value={f.legal_basis} onChange={text('legal_basis')} data-testid="pf-basis">
                    <option value="">{F.choose}</option>
                    {LEGAL_BASES.map((b) => (
                      <option key={b.code} value={b.code}>
                        {b.label}
                      </option>
                    ))}
                  </Select>,
                  { required: true, hint: F.legalBasisHint },
                )}
                <Checkbox className={s.wide} checked={f.print_reason} label={F.printReason} onChange={(_, d) => set('print_reason', d.checked === true)} />
                {field(
                  'non_compete',
                  F.nonCompete,
                  <Input value={f.non_compete} maxLength={100} placeholder={F.nonCompetePh} onChange={text('non_compete')} data-testid="pf-non-compete" />,
                )}
                <p className={`${s.note} ${s.wide}`}>{F.issueDate}</p>
              </div>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{tDim.cancel}</Button>
            <Button appearance="primary" disabled={!loaded} onClick={() => void submit()} data-testid="pf-submit">
              {F.next}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
