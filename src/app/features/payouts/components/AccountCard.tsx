import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Text } from '@fluentui/react-components';
import type { z } from 'zod';
import type { AccountData, Topup } from '../../../../contract/payouts';
import { fenText, yuanText, yuanToFen } from '../../../../contract/money';
import { rateText } from '../../../../contract/payouts-rules';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { toastSuccess } from '../../../shared/lib/notify';
import { saveRates, topup } from '../api';
import { usePayStyles } from './styles';
import { WxTopupDialog } from './WxTopupDialog';

type Account = z.infer<typeof AccountData>;

/** 灵活用工账户: the balance, 充值 by bank transfer (an order number to put in the transfer's note), the rates. */
export function AccountCard({ account, onChanged }: { account: Account; onChanged: () => void }) {
  const s = usePayStyles();
  const m = tPay.account;
  const [dialog, setDialog] = useState<'topup' | 'wx' | 'rates' | null>(null);
  const pending = account.topups.filter((t) => t.status === 'pending').length;
  return (
    <section className={s.panel} data-testid="pay-account">
      <div className={s.head}>
        <div>
          <Text className={s.small}>{m.balance}</Text>
          <div className={s.balance} data-testid="pay-balance">
            {yuanText(account.balance)}
          </div>
          <Text className={s.small}>
            {m.rates(rateText(account.settings.fee_rate_bp), rateText(account.settings.tax_rate_bp), yuanText(account.settings.monthly_cap_fen))}
            {pending > 0 && ` · ${m.pending(pending)}`}
          </Text>
        </div>
        <div className={s.actions}>
          <Button onClick={() => setDialog('rates')} data-testid="pay-rates">
            {m.editRates}
          </Button>
          <Button onClick={() => setDialog('wx')} data-testid="pay-topup-wx">
            {tPay.wx.open}
          </Button>
          <Button appearance="primary" onClick={() => setDialog('topup')} data-testid="pay-topup">
            {m.topup}
          </Button>
        </div>
      </div>
      {dialog === 'topup' && <TopupDialog bank={account.bank} onClose={() => (setDialog(null), onChanged())} />}
      {dialog === 'wx' && <WxTopupDialog onClose={() => (setDialog(null), onChanged())} />}
      {dialog === 'rates' && <RatesDialog settings={account.settings} onClose={(saved) => (setDialog(null), saved && onChanged())} />}
    </section>
  );
}

function TopupDialog({ bank, onClose }: { bank: Account['bank']; onClose: () => void }) {
  const s = usePayStyles();
  const m = tPay.topup;
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [order, setOrder] = useState<z.infer<typeof Topup> | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const fen = yuanToFen(amount);
    if (fen === null || fen <= 0) return setError(m.amountBad);
    setError('');
    setBusy(true);
    try {
      const r = await topup(fen);
      setOrder(r.data);
      toastSuccess(r.msg);
    } catch {
      /* the user has been told */
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
            <Text>{m.intro}</Text>
            <div className={s.fields} data-testid="topup-bank">
              <div>
                <span className={s.label}>{m.accountName}</span>
                {bank.account_name}
              </div>
              <div>
                <span className={s.label}>{m.bankName}</span>
                {bank.bank_name}
              </div>
              <div>
                <span className={s.label}>{m.accountNo}</span>
                {bank.account_no.replace(/(\d{4})(?=\d)/g, '$1 ')}
              </div>
            </div>
            {order ? (
              <div data-testid="topup-order">
                <span className={s.label}>{m.orderNo}</span>
                <strong>{order.order_no}</strong> · {yuanText(order.amount)}
              </div>
            ) : (
              <Field label={m.amount} hint={m.amountHint} validationMessage={error || undefined} required>
                <Input value={amount} onChange={(_, d) => setAmount(d.value)} inputMode="decimal" maxLength={14} data-testid="topup-amount" />
              </Field>
            )}
          </DialogContent>
          <DialogActions>
            {order ? (
              <Button appearance="primary" onClick={onClose} data-testid="topup-done">
                {m.done}
              </Button>
            ) : (
              <>
                <Button onClick={onClose}>{m.cancel}</Button>
                <Button appearance="primary" disabled={busy} onClick={() => void submit()} data-testid="topup-submit">
                  {m.submit}
                </Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

const pctToBp = (v: string) => (/^\d{1,2}(\.\d{1,2})?$/.test(v.trim()) ? Math.round(Number(v) * 100) : null);

function RatesDialog({ settings, onClose }: { settings: Account['settings']; onClose: (saved: boolean) => void }) {
  const s = usePayStyles();
  const m = tPay.rates;
  const [fee, setFee] = useState((settings.fee_rate_bp / 100).toFixed(2));
  const [tax, setTax] = useState((settings.tax_rate_bp / 100).toFixed(2));
  const [cap, setCap] = useState(fenText(settings.monthly_cap_fen, { grouping: false }));
  const [error, setError] = useState('');
  const save = async () => {
    const f = pctToBp(fee);
    const t = pctToBp(tax);
    const c = yuanToFen(cap);
    if (f === null || t === null || c === null || c <= 0) return setError(m.bad);
    try {
      const r = await saveRates({ fee_rate_bp: f, tax_rate_bp: t, monthly_cap_fen: c });
      toastSuccess(r.msg);
      onClose(true);
    } catch {
      /* told */
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose(false)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogContent className={s.form}>
            <Field label={m.fee}>
              <Input value={fee} onChange={(_, d) => setFee(d.value)} maxLength={6} />
            </Field>
            <Field label={m.tax}>
              <Input value={tax} onChange={(_, d) => setTax(d.value)} maxLength={6} />
            </Field>
            <Field label={m.cap} validationMessage={error || undefined}>
              <Input value={cap} onChange={(_, d) => setCap(d.value)} maxLength={14} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onClose(false)}>{m.cancel}</Button>
            <Button appearance="primary" onClick={() => void save()}>
              {m.save}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
