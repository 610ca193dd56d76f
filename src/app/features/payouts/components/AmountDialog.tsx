import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input } from '@fluentui/react-components';
import type { z } from 'zod';
import type { BatchDetail } from '../../../../contract/payouts';
import { fenText, yuanText, yuanToFen } from '../../../../contract/money';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { toastSuccess } from '../../../shared/lib/notify';
import { changeAmount } from '../api';

type Detail = z.infer<typeof BatchDetail>;

/** 修改金额 of one row of a 待提交 batch: yuan typed, integer fen sent; the server re-calculates and logs before → after. */
export function AmountDialog({
  batchId,
  row,
  onClose,
}: {
  batchId: number;
  row: { id: number; name: string; amount: number };
  onClose: (d: Detail | null) => void;
}) {
  const m = tPay.amount;
  const [value, setValue] = useState(fenText(row.amount, { grouping: false }));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const fen = yuanToFen(value);
    if (fen === null || fen <= 0) return setError(m.bad);
    setError('');
    setBusy(true);
    try {
      const r = await changeAmount(batchId, row.id, fen);
      toastSuccess(r.msg);
      onClose(r.data);
    } catch {
      /* told */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose(null)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{m.title(row.name)}</DialogTitle>
          <DialogContent>
            <Field label={m.label} hint={m.hint(yuanText(row.amount))} validationMessage={error || undefined} required>
              <Input value={value} onChange={(_, d) => setValue(d.value)} inputMode="decimal" contentBefore="¥" maxLength={13} data-testid="amount-input" />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onClose(null)}>{m.cancel}</Button>
            <Button appearance="primary" disabled={busy} onClick={() => void save()} data-testid="amount-save">
              {m.save}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
