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
  MessageBar,
  MessageBarBody,
  Option,
  Text,
} from '@fluentui/react-components';
import { Dropdown } from '../../../shared/ui/Dropdown';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { toastSuccess } from '../../../shared/lib/notify';
import { NO_PURPOSE, PurposePicker, purposeProblem, purposeReason, type PurposeValue } from '../../../shared/ui/Purpose';
import { exportQuarter } from '../api';
import { useStreamedExport } from '../../../shared/ui/Exporting';
import { usePayStyles } from './styles';

/** The China-time year and quarter of `now`. */
export function quarterNow(now = new Date()) {
  const d = new Date(now.getTime() + 8 * 3_600_000);
  return { year: d.getUTCFullYear(), quarter: Math.floor(d.getUTCMonth() / 3) + 1 };
}

/** 季度收入报送导出: year + quarter + 查看原因 → the .xlsx (full ID numbers; the server audits the export with the reason). */
export function QuarterDialog({ onClose }: { onClose: () => void }) {
  const s = usePayStyles();
  const m = tPay.quarter;
  const now = quarterNow();
  const [year, setYear] = useState(now.year);
  const [quarter, setQuarter] = useState(now.quarter);
  const [busy, setBusy] = useState(false);
  // the file streams with a progress panel and 取消 for a long one (issue 34)
  const streamed = useStreamedExport();
  const [purpose, setPurpose] = useState<PurposeValue>(NO_PURPOSE);
  const [tried, setTried] = useState(false);
  const years = [now.year, now.year - 1, now.year - 2];
  const go = async () => {
    setTried(true);
    if (purposeProblem(purpose)) return;
    setBusy(true);
    try {
      if (await streamed.run(() => exportQuarter(year, quarter, purposeReason(purpose)))) {
        toastSuccess(m.done);
        onClose();
      }
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
            <div className={s.row}>
              <Field label={m.year}>
                <Dropdown
                  value={String(year)}
                  selectedOptions={[String(year)]}
                  onOptionSelect={(_, d) => setYear(Number(d.optionValue))}
                  data-testid="quarter-year"
                >
                  {years.map((y) => (
                    <Option key={y} value={String(y)}>
                      {String(y)}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
              <Field label={m.quarter}>
                <Dropdown
                  value={m.q(quarter)}
                  selectedOptions={[String(quarter)]}
                  onOptionSelect={(_, d) => setQuarter(Number(d.optionValue))}
                  data-testid="quarter-q"
                >
                  {[1, 2, 3, 4].map((q) => (
                    <Option key={q} value={String(q)}>
                      {m.q(q)}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
            </div>
            <PurposePicker value={purpose} onChange={setPurpose} showError={tried} />
            <MessageBar intent="warning">
              <MessageBarBody>{m.pii}</MessageBarBody>
            </MessageBar>
            {/* inside the dialog: its 取消 stays reachable while the modal holds the focus */}
            {streamed.view}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{m.cancel}</Button>
            <Button appearance="primary" disabled={busy || streamed.busy} onClick={() => void go()} data-testid="quarter-submit">
              {m.submit}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
