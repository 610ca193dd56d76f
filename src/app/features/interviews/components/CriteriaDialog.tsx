import { useEffect, useRef, useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Spinner, Textarea } from '@fluentui/react-components';
import { tInterview } from '../../../shared/i18n/zh-CN.interviews';
import { toast } from '../../../shared/lib/notify';
import { loadCriteria, saveCriteria } from '../api';

const T = tInterview.criteria;

/** 评分项设置: the company's scorecard criteria, one a line (empty restores the defaults). */
export function CriteriaDialog({ onClose }: { onClose: () => void }) {
  const [value, setValue] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // loaded once when opened (the parent's onClose is a new function each render)
  const close = useRef(onClose);
  useEffect(() => {
    loadCriteria().then(
      (c) => setValue(c.criteria.join('\n')),
      () => close.current(),
    );
  }, []);
  const save = async () => {
    setBusy(true);
    try {
      const r = await saveCriteria(value ?? '');
      toast('success', r.msg);
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="criteria-dialog">
        <DialogBody>
          <DialogTitle>{T.title}</DialogTitle>
          <DialogContent>
            {value === null ? (
              <Spinner size="small" />
            ) : (
              <Field label={T.label} hint={T.hint}>
                <Textarea value={value} rows={5} onChange={(_, d) => setValue(d.value)} data-testid="criteria-text" />
              </Field>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{tInterview.close}</Button>
            <Button appearance="primary" disabled={busy || value === null} onClick={() => void save()}>
              {T.save}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
