import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Switch, Text } from '@fluentui/react-components';
import { fenText, yuanToFen } from '../../../../contract/money';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { toast, toastSuccess } from '../../../shared/lib/notify';
import { saveSettings } from '../api';
import { settingsDiff, type Settings } from '../lib/settings-diff';
import { usePayStyles } from './styles';

const pctToBp = (v: string) => (/^\d{1,2}(\.\d{1,2})?$/.test(v.trim()) ? Math.round(Number(v) * 100) : null);
/** '' or 0 → 0 (one approver), else a positive amount */
const thresholdFen = (v: string) => (/^\s*0*(\.0*)?\s*$/.test(v) ? 0 : yuanToFen(v));

/**
 * 发放设置 (the admin only: the button is disabled for others): the rates, the monthly cap and the
 * approval rules (issue 27). Saving first shows what changes, before → after; the server keeps the
 * same lines in the 设置变更记录.
 */
export function SettingsDialog({ settings, onClose }: { settings: Settings; onClose: (saved: boolean) => void }) {
  const s = usePayStyles();
  const m = tPay.rates;
  const [fee, setFee] = useState((settings.fee_rate_bp / 100).toFixed(2));
  const [tax, setTax] = useState((settings.tax_rate_bp / 100).toFixed(2));
  const [cap, setCap] = useState(fenText(settings.monthly_cap_fen, { grouping: false }));
  const [threshold, setThreshold] = useState(settings.approval_threshold_fen ? fenText(settings.approval_threshold_fen, { grouping: false }) : '0');
  const [solo, setSolo] = useState(settings.self_approval);
  const [error, setError] = useState('');
  const [next, setNext] = useState<Settings | null>(null);
  const [busy, setBusy] = useState(false);
  const review = () => {
    const f = pctToBp(fee);
    const t = pctToBp(tax);
    const c = yuanToFen(cap);
    const a = thresholdFen(threshold);
    if (f === null || t === null || c === null || c <= 0 || a === null) return setError(m.bad);
    setError('');
    const after = { fee_rate_bp: f, tax_rate_bp: t, monthly_cap_fen: c, approval_threshold_fen: a, self_approval: solo };
    if (settingsDiff(settings, after).length === 0) return toast('warning', m.noChange);
    setNext(after);
  };
  const save = async (after: Settings) => {
    setBusy(true);
    try {
      const r = await saveSettings(after);
      toastSuccess(r.msg);
      onClose(true);
    } catch {
      setNext(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose(false)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{next ? m.confirmTitle : m.title}</DialogTitle>
          {next ? (
            <DialogContent className={s.form} data-testid="settings-review">
              <Text>{m.confirmText}</Text>
              <ul>
                {settingsDiff(settings, next).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </DialogContent>
          ) : (
            <DialogContent className={s.form}>
              <Field label={m.fee}>
                <Input value={fee} onChange={(_, d) => setFee(d.value)} maxLength={6} data-testid="settings-fee" />
              </Field>
              <Field label={m.tax}>
                <Input value={tax} onChange={(_, d) => setTax(d.value)} maxLength={6} data-testid="settings-tax" />
              </Field>
              <Field label={m.cap}>
                <Input value={cap} onChange={(_, d) => setCap(d.value)} maxLength={14} data-testid="settings-cap" />
              </Field>
              <Field label={m.threshold} hint={m.thresholdHint} validationMessage={error || undefined}>
                <Input value={threshold} onChange={(_, d) => setThreshold(d.value)} maxLength={14} inputMode="decimal" data-testid="settings-threshold" />
              </Field>
              <Field label={m.self} hint={m.selfHint}>
                <Switch checked={solo} onChange={(_, d) => setSolo(d.checked)} data-testid="settings-solo" />
              </Field>
            </DialogContent>
          )}
          <DialogActions>
            <Button onClick={() => (next ? setNext(null) : onClose(false))}>{m.cancel}</Button>
            {next ? (
              <Button appearance="primary" disabled={busy} onClick={() => void save(next)} data-testid="settings-ok">
                {m.ok}
              </Button>
            ) : (
              <Button appearance="primary" onClick={review} data-testid="settings-save">
                {m.save}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
