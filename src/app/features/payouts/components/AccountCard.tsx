import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Link, Text } from '@fluentui/react-components';
import type { z } from 'zod';
import type { AccountData, Topup } from '../../../../contract/payouts';
import { yuanText, yuanToFen } from '../../../../contract/money';
import { rateText } from '../../../../contract/payouts-rules';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { toastSuccess } from '../../../shared/lib/notify';
import { useCan } from '../../../shared/session';
import { topup } from '../api';
import { Gated } from '../../../shared/ui/Gated';
import { SettingsChangesDialog } from './SettingsChangesDialog';
import { SettingsDialog } from './SettingsDialog';
import { usePayStyles } from './styles';
import { WxTopupDialog } from './WxTopupDialog';

type Account = z.infer<typeof AccountData>;

/**
 * 灵活用工账户: the balance, 充值 by bank transfer (an order number to put in the transfer's note) or
 * WeChat Pay (财务 and 管理员), the rates and approval rules (发放设置: 管理员 only) and their
 * 设置变更记录 (管理员 and 财务).
 */
export function AccountCard({ account, onChanged }: { account: Account; onChanged: () => void }) {
  const s = usePayStyles();
  const m = tPay.account;
  const can = useCan();
  const [dialog, setDialog] = useState<'topup' | 'wx' | 'rates' | 'changes' | null>(null);
  const { settings } = account;
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
          <div>
            <Text className={s.small} data-testid="pay-approval-rule">
              {m.approval(settings.approval_threshold_fen > 0 ? yuanText(settings.approval_threshold_fen) : null, settings.self_approval)}
            </Text>
            {(can('payout.settings') || can('finance')) && (
              <Link className={s.small} onClick={() => setDialog('changes')} data-testid="pay-settings-changes" style={{ marginLeft: 8 }}>
                {m.changes}
              </Link>
            )}
          </div>
        </div>
        <div className={s.actions}>
          <Gated perm="payout.settings">
            <Button onClick={() => setDialog('rates')} data-testid="pay-rates">
              {m.editRates}
            </Button>
          </Gated>
          <Gated perm="finance">
            <Button onClick={() => setDialog('wx')} data-testid="pay-topup-wx">
              {tPay.wx.open}
            </Button>
          </Gated>
          <Gated perm="finance">
            <Button appearance="primary" onClick={() => setDialog('topup')} data-testid="pay-topup">
              {m.topup}
            </Button>
          </Gated>
        </div>
      </div>
      {dialog === 'topup' && <TopupDialog bank={account.bank} onClose={() => (setDialog(null), onChanged())} />}
      {dialog === 'wx' && <WxTopupDialog onClose={() => (setDialog(null), onChanged())} />}
      {dialog === 'rates' && <SettingsDialog settings={settings} onClose={(saved) => (setDialog(null), saved && onChanged())} />}
      {dialog === 'changes' && <SettingsChangesDialog onClose={() => setDialog(null)} />}
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
