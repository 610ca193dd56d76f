import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Text } from '@fluentui/react-components';
import type { z } from 'zod';
import type { WxTopupData } from '../../../../contract/payouts';
import { yuanText, yuanToFen } from '../../../../contract/money';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { toastSuccess } from '../../../shared/lib/notify';
import { QrCode } from '../../../shared/ui';
import { loadAccount, topupWx } from '../api';
import { usePayStyles } from './styles';

/** 微信支付充值: amount → the order's QR; the account is credited when WeChat Pay notifies the server (looked at every 3 s). */
export function WxTopupDialog({ onClose }: { onClose: () => void }) {
  const s = usePayStyles();
  const m = tPay.wx;
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [order, setOrder] = useState<z.infer<typeof WxTopupData> | null>(null);
  const [paid, setPaid] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!order || paid) return;
    const t = setInterval(() => {
      loadAccount().then(
        (a) => {
          if (a.topups.some((x) => x.order_no === order.order_no && x.status === 'confirmed')) {
            setPaid(true);
            toastSuccess(m.paid);
          }
        },
        () => undefined,
      );
    }, 3000);
    return () => clearInterval(t);
  }, [order, paid, m.paid]);
  const submit = async () => {
    const fen = yuanToFen(amount);
    if (fen === null || fen <= 0) return setError(tPay.topup.amountBad);
    setError('');
    setBusy(true);
    try {
      setOrder((await topupWx(fen)).data);
    } catch {
      /* told */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogContent className={s.form}>
            {order ? (
              <div className={s.form} data-testid="wx-order" data-paid={paid}>
                {paid ? <Text weight="semibold">{m.paid}</Text> : <QrCode value={order.code_url} alt={m.qrAlt} testId="wx-qr" />}
                <Text>
                  {m.orderNo} {order.order_no} · {yuanText(order.amount)}
                </Text>
                {!paid && <Text className={s.small}>{m.waiting}</Text>}
              </div>
            ) : (
              <Field label={tPay.topup.amount} hint={tPay.topup.amountHint} validationMessage={error || undefined} required>
                <Input value={amount} onChange={(_, d) => setAmount(d.value)} inputMode="decimal" maxLength={14} data-testid="wx-amount" />
              </Field>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{paid ? m.done : tPay.topup.cancel}</Button>
            {!order && (
              <Button appearance="primary" disabled={busy} onClick={() => void submit()} data-testid="wx-submit">
                {m.submit}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
