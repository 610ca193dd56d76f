import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Textarea } from '@fluentui/react-components';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';

/** 提示 / 确定 before an action that cannot be undone. */
export function ConfirmDialog(p: { open: boolean; title: string; children: ReactNode; confirm?: string; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog open={p.open} onOpenChange={(_, d) => !d.open && p.onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{p.title}</DialogTitle>
          <DialogContent>{p.children}</DialogContent>
          <DialogActions>
            <Button onClick={p.onCancel}>{tDim.cancel}</Button>
            <Button appearance="primary" onClick={p.onConfirm} data-testid="confirm-ok">
              {p.confirm ?? tDim.confirm}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** A dialog asking for one reason (退回, 作废): required, at most 200 characters. */
export function ReasonDialog(p: {
  open: boolean;
  title: string;
  intro?: string;
  label: string;
  placeholder: string;
  missing: string;
  onCancel: () => void;
  onSubmit: (reason: string) => Promise<void>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const submit = async () => {
    if (!text.trim()) {
      setError(p.missing);
      return;
    }
    try {
      await p.onSubmit(text.trim());
      setText('');
      setError('');
    } catch {
      // told by the request layer
    }
  };
  return (
    <Dialog open={p.open} onOpenChange={(_, d) => !d.open && p.onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{p.title}</DialogTitle>
          <DialogContent>
            {p.intro && <p>{p.intro}</p>}
            <Field label={p.label} required validationMessage={error || undefined}>
              <Textarea value={text} maxLength={200} placeholder={p.placeholder} onChange={(_, d) => setText(d.value)} data-testid="reason-input" />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={p.onCancel}>{tDim.cancel}</Button>
            <Button appearance="primary" onClick={() => void submit()} data-testid="reason-ok">
              {tDim.confirm}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
