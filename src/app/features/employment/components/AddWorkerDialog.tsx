import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  Option,
} from '@fluentui/react-components';
import { CERT_TYPES, type CertType } from '../../../../contract/person';
import { tEmp } from '../../../shared/i18n/zh-CN.employment';
import { toast } from '../../../shared/lib/notify';
import { addWorker } from '../api';
import { workerProblem, type WorkerForm } from '../lib/worker';
import { usePageStyles } from './styles';

const blank: WorkerForm = { name: '', mobile: '', cert_type: 'id_card', cert_no: '', bank_card: '' };

/** 添加人员 (指定人员): name, mobile, certificate, bank card; sealed by the server. */
export function AddWorkerDialog({ taskId, onClose, onAdded }: { taskId: number; onClose: () => void; onAdded: () => void }) {
  const s = usePageStyles();
  const m = tEmp.manage;
  const [v, setV] = useState(blank);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const p = workerProblem(v);
    if (p) {
      toast('warning', p);
      return;
    }
    setBusy(true);
    try {
      const { msg } = await addWorker(taskId, { ...v });
      toast('success', msg);
      onAdded();
      onClose();
    } catch {
      // told by the request layer
    } finally {
      setBusy(false);
    }
  };
  const input = (k: 'name' | 'mobile' | 'cert_no' | 'bank_card', label: string, max: number, required = true) => (
    <Field label={label} required={required}>
      <Input value={v[k]} maxLength={max} onChange={(_, d) => setV({ ...v, [k]: d.value })} data-testid={`add-${k}`} />
    </Field>
  );
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{m.addTitle}</DialogTitle>
          <DialogContent className={s.form}>
            {input('name', m.name, 40)}
            {input('mobile', m.mobile, 11)}
            <Field label={m.certType} required>
              <Dropdown
                value={CERT_TYPES.find((c) => c.code === v.cert_type)?.label ?? ''}
                selectedOptions={[v.cert_type]}
                onOptionSelect={(_, d) => setV({ ...v, cert_type: (d.optionValue ?? 'id_card') as CertType })}
              >
                {CERT_TYPES.map((c) => (
                  <Option key={c.code} value={c.code}>
                    {c.label}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            {input('cert_no', m.certNo, 30)}
            {input('bank_card', m.bankCard, 23, false)}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{m.cancel}</Button>
            <Button appearance="primary" disabled={busy} onClick={() => void submit()} data-testid="add-submit">
              {m.ok}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
