import { useEffect, useRef, useState } from 'react';
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
  MessageBarBody,
  Text,
} from '@fluentui/react-components';
import { yuanText } from '../../../../contract/money';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { toastSuccess } from '../../../shared/lib/notify';
import { ApiError } from '../../../shared/lib/http';
import { confirmBatch, sendCode } from '../api';
import { usePayStyles } from './styles';

/**
 * 二次确认 + the SMS code. While a confirm is in flight — or its answer was lost — the button stays
 * disabled and the dialog says 发放结果确认中，请勿重复提交; the server's compare-and-set makes any
 * repeat harmless anyway (it answers the batch's state, never a second debit).
 */
export function ConfirmDialog({
  batch,
  first = false,
  onClose,
}: {
  batch: { id: number; head_count: number; debit: number; balance: number };
  /** the first of two approvals (issue 27): approves, pays nothing */
  first?: boolean;
  onClose: (done: boolean) => void;
}) {
  const s = usePayStyles();
  const m = tPay.confirm;
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [wait, setWait] = useState(0);
  const [sentTo, setSentTo] = useState('');
  const [unknown, setUnknown] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);
  const send = async () => {
    try {
      const r = await sendCode(batch.id);
      setSentTo(r.data.mobile);
      setWait(r.data.retry_after);
      // the button is disabled while counting down: the focus goes on to the code field (as on /login)
      codeRef.current?.focus();
    } catch {
      /* told */
    }
  };
  const confirm = async () => {
    if (!/^\d{6}$/.test(code.trim())) return setError(m.bad);
    setError('');
    setUnknown(true);
    try {
      const r = await confirmBatch(batch.id, code.trim());
      toastSuccess(r.msg);
      onClose(true);
    } catch (e) {
      // a refusal (wrong code, short balance) is a known answer; anything else leaves the result unknown
      if (e instanceof ApiError) setUnknown(false);
      else onClose(true);
    }
  };
  return (
    <Dialog open modalType="alert">
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{first ? m.firstTitle : m.title}</DialogTitle>
          <DialogContent className={s.form}>
            <Text>{m.text(batch.head_count, yuanText(batch.debit), yuanText(batch.balance))}</Text>
            {first && (
              <MessageBar intent="info" data-testid="confirm-first">
                <MessageBarBody>{m.firstText}</MessageBarBody>
              </MessageBar>
            )}
            <div className={s.row}>
              <Field label={m.code} validationMessage={error || undefined} hint={sentTo ? m.sentTo(sentTo) : undefined} required style={{ flex: 1 }}>
                <Input
                  ref={codeRef}
                  value={code}
                  onChange={(_, d) => setCode(d.value)}
                  maxLength={6}
                  inputMode="numeric"
                  placeholder={m.codePh}
                  data-testid="confirm-code"
                />
              </Field>
              <Button disabled={wait > 0 || unknown} onClick={() => void send()} data-testid="confirm-send">
                {wait > 0 ? m.resend(wait) : m.send}
              </Button>
            </div>
            {unknown && (
              <MessageBar intent="warning" data-testid="confirm-pending">
                <MessageBarBody>{tPay.detail.pending}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button disabled={unknown} onClick={() => onClose(false)}>
              {m.cancel}
            </Button>
            <Button appearance="primary" disabled={unknown} onClick={() => void confirm()} data-testid="confirm-ok">
              {first ? tPay.detail.firstApprove : m.ok}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
