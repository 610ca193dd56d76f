import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Select } from '@fluentui/react-components';
import type { RequestItem } from '../../../../contract/dimission';
import { basisOfLeaveType, LEGAL_BASES, LEGAL_BASIS_CODES } from '../../../../contract/dimission-rules';
import { oneOf } from '../../../../contract/vocab';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { approveRequest } from '../api';
import { usePageStyles } from './styles';

/** 同意: confirm the last working day and the handover person (art. 37: acknowledgement, not approval). */
export function ApproveDialog({ item, onClose, onDone }: { item: RequestItem | null; onClose: () => void; onDone: () => void }) {
  const s = usePageStyles();
  const T = tDim.requests;
  const [f, setF] = useState({ last_day: '', handover_name: '', id_card: '', join_date: '', legal_basis: 'resign' });
  const [err, setErr] = useState<Record<string, string>>({});
  useEffect(() => {
    if (item)
      setF({ last_day: item.last_day ?? '', handover_name: '', id_card: '', join_date: item.join_date ?? '', legal_basis: basisOfLeaveType(item.type) });
    setErr({});
  }, [item]);
  const set = (k: keyof typeof f) => (_: unknown, d: { value: string }) => {
    setF((o) => ({ ...o, [k]: d.value }));
    setErr((e) => ({ ...e, [k]: '' }));
  };
  const submit = async () => {
    const e: Record<string, string> = {};
    if (!f.last_day) e.last_day = T.needLastDay;
    if (!f.handover_name.trim()) e.handover_name = T.needHandover;
    if (item && !item.has_id_card && !f.id_card.trim()) e.id_card = tDim.form.required(T.idCard);
    if (item && !item.join_date && !f.join_date) e.join_date = tDim.form.required(T.joinDate);
    setErr(e);
    if (Object.keys(e).length || !item) return;
    try {
      await approveRequest(item.id, {
        last_day: f.last_day,
        handover_name: f.handover_name.trim(),
        id_card: item.has_id_card ? undefined : f.id_card.trim(),
        join_date: item.join_date ? undefined : f.join_date,
        legal_basis: oneOf(LEGAL_BASIS_CODES, f.legal_basis),
      });
      onDone();
    } catch {
      // told by the request layer
    }
  };
  return (
    <Dialog open={item !== null} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{T.approveTitle}</DialogTitle>
          <DialogContent className={s.stack}>
            <p className={s.note}>{T.approveIntro}</p>
            <Field label={T.lastDay} required validationMessage={err.last_day || undefined}>
              <Input type="date" value={f.last_day} onChange={set('last_day')} data-testid="approve-last-day" />
            </Field>
            <Field label={T.handoverName} required validationMessage={err.handover_name || undefined}>
              <Input value={f.handover_name} maxLength={20} placeholder={T.handoverPh} onChange={set('handover_name')} data-testid="approve-handover" />
            </Field>
            {item && !item.has_id_card && (
              <Field label={T.idCard} required validationMessage={err.id_card || undefined} hint={T.idCardPh}>
                <Input value={f.id_card} maxLength={18} onChange={set('id_card')} data-testid="approve-id-card" />
              </Field>
            )}
            {item && !item.join_date && (
              <Field label={T.joinDate} required validationMessage={err.join_date || undefined}>
                <Input type="date" value={f.join_date} onChange={set('join_date')} />
              </Field>
            )}
            <Field label={T.legalBasis}>
              <Select value={f.legal_basis} onChange={set('legal_basis')}>
                {LEGAL_BASES.map((b) => (
                  <option key={b.code} value={b.code}>
                    {b.label}
                  </option>
                ))}
              </Select>
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{tDim.cancel}</Button>
            <Button appearance="primary" onClick={() => void submit()} data-testid="approve-ok">
              {T.approve}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
