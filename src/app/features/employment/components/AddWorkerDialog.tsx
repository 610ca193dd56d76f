import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Option,
} from '@fluentui/react-components';
import { Dropdown } from '../../../shared/ui/Dropdown';
import { MSG_WORKER_DIFFERS } from '../../../../contract/employment-rules';
import { CERT_TYPES, type CertType } from '../../../../contract/person';
import { tEmp } from '../../../shared/i18n/zh-CN.employment';
import { t } from '../../../shared/i18n/zh-CN';
import { ApiError, CancelledError } from '../../../shared/lib/http';
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
  // the server found this person on file with another mobile or bank card: HR decides (issue 29 item 6)
  const [differs, setDiffers] = useState('');
  const submit = async (onConflict: 'ask' | 'keep' | 'replace' = 'ask') => {
    const p = workerProblem(v);
    if (p) {
      toast('warning', p);
      return;
    }
    setBusy(true);
    try {
      const { msg } = await addWorker(taskId, { ...v, on_conflict: onConflict });
      toast('success', msg);
      onAdded();
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.message.startsWith(MSG_WORKER_DIFFERS)) setDiffers(e.message);
      else if (!(e instanceof CancelledError)) toast('error', e instanceof ApiError ? e.message : t.request.network);
    } finally {
      setBusy(false);
    }
  };
  const input = (k: 'name' | 'mobile' | 'cert_no' | 'bank_card', label: string, max: number, required = true) => (
    <Field label={label} required={required}>
      <Input
        value={v[k]}
        maxLength={max}
        onChange={(_, d) => {
          setV({ ...v, [k]: d.value });
          setDiffers('');
        }}
        data-testid={`add-${k}`}
      />
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
            {differs && (
              <MessageBar intent="warning" data-testid="add-differs">
                <MessageBarBody>
                  {differs}。{m.differsHint}
                </MessageBarBody>
                <MessageBarActions>
                  <Button size="small" disabled={busy} onClick={() => void submit('keep')} data-testid="add-keep">
                    {m.keepOnFile}
                  </Button>
                  <Button size="small" disabled={busy} onClick={() => void submit('replace')} data-testid="add-replace">
                    {m.replaceOnFile}
                  </Button>
                </MessageBarActions>
              </MessageBar>
            )}
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
