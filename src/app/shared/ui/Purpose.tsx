/**
 * 查看原因 (issue 27, personal data by need): before a whole ID number, mobile or bank card is shown
 * or exported, the user picks a purpose (contract/pii-purpose.ts) or types one after 其他; the
 * server checks the same rule and audits the view with it. Not in ./index.ts: only the pages that
 * reveal load it (and the privacy catalog with it).
 */
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
  makeStyles,
  Radio,
  RadioGroup,
  Text,
  tokens,
} from '@fluentui/react-components';
import { PII_REASON_MAX, piiReasonProblem } from '../../../contract/pii-purpose';
import { tPrivacy } from '../i18n/zh-CN.privacy';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** What the picker holds: the chosen purpose, and the text typed after 其他. */
export interface PurposeValue {
  choice: string;
  other: string;
}
export const NO_PURPOSE: PurposeValue = { choice: '', other: '' };

/** The reason to send: the purpose, or what was typed after 其他. */
export const purposeReason = (v: PurposeValue) => (v.choice === tPrivacy.purpose.other ? v.other.trim() : v.choice);
/** The Chinese problem of `v` (the server's rule), or null when it can be sent. */
export const purposeProblem = (v: PurposeValue) => piiReasonProblem(purposeReason(v));

/** The purposes as radio buttons, 其他 with a text field; `showError` once the user tried to go on. */
export function PurposePicker(p: { value: PurposeValue; onChange: (v: PurposeValue) => void; showError?: boolean }) {
  const s = useStyles();
  const T = tPrivacy.purpose;
  const problem = p.showError ? purposeProblem(p.value) : null;
  return (
    <div className={s.root}>
      <Field label={T.label} required validationMessage={problem ?? undefined}>
        <RadioGroup value={p.value.choice} onChange={(_, d) => p.onChange({ ...p.value, choice: d.value })} data-testid="purpose-group">
          {[...T.purposes, T.other].map((x) => (
            <Radio key={x} value={x} label={x} />
          ))}
        </RadioGroup>
      </Field>
      {p.value.choice === T.other && (
        <Input
          aria-label={T.otherPlaceholder}
          value={p.value.other}
          maxLength={PII_REASON_MAX}
          placeholder={T.otherPlaceholder}
          onChange={(_, d) => p.onChange({ ...p.value, other: d.value })}
          data-testid="purpose-other"
        />
      )}
    </div>
  );
}

/** A small dialog asking for the purpose, then `onConfirm(reason)`; the caller closes it. */
export function PurposeDialog(p: { open: boolean; onCancel: () => void; onConfirm: (reason: string) => void }) {
  const s = useStyles();
  const T = tPrivacy.purpose;
  const [value, setValue] = useState<PurposeValue>(NO_PURPOSE);
  const [tried, setTried] = useState(false);
  const close = () => {
    setValue(NO_PURPOSE);
    setTried(false);
    p.onCancel();
  };
  const ok = () => {
    setTried(true);
    if (purposeProblem(value)) return;
    const reason = purposeReason(value);
    setValue(NO_PURPOSE);
    setTried(false);
    p.onConfirm(reason);
  };
  return (
    <Dialog open={p.open} onOpenChange={(_, d) => !d.open && close()}>
      <DialogSurface data-testid="purpose-dialog">
        <DialogBody>
          <DialogTitle>{T.title}</DialogTitle>
          <DialogContent className={s.root}>
            <Text size={200} className={s.muted}>
              {T.intro}
            </Text>
            <PurposePicker value={value} onChange={setValue} showError={tried} />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{T.cancel}</Button>
            <Button appearance="primary" onClick={ok} data-testid="purpose-ok">
              {T.ok}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
