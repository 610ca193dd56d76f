import { useState } from 'react';
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useCountdown } from '../hooks/countdown';
import { t } from '../i18n/zh-CN';
import { sizes } from '../theme';

const useStyles = makeStyles({
  // the login page's layout: the field holds the row, so the message runs under both
  row: { display: 'flex', gap: tokens.spacingHorizontalS },
  input: { flexGrow: 1, minWidth: 0, width: '100%' },
  inputEl: { minWidth: 0, width: '100%' },
  // the button keeps its width while counting down (the login page's rule)
  send: { flexShrink: 0, whiteSpace: 'nowrap', minWidth: sizes.codeButton },
});

export interface SmsCodeFieldProps {
  value: string;
  onChange: (code: string) => void;
  /** asks for a code; resolves with the seconds to wait before asking again (retry_after), or
   * undefined when nothing was sent (the request layer has told the user why) */
  onSend: () => Promise<number | undefined>;
  error?: string;
  /** defaults: 验证码 / 请输入6位验证码 (messages.md) */
  label?: string;
  placeholder?: string;
  required?: boolean;
  codeTestId?: string;
  sendTestId?: string;
}

/**
 * A 6-digit SMS code with its 获取验证码 button and the `{n}s后重新获取` countdown (messages.md):
 * the phone pages' code check (the worker's invitation, the intent code of signing).
 */
export function SmsCodeField(p: SmsCodeFieldProps) {
  const s = useStyles();
  const [wait, setWait] = useCountdown();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const after = await p.onSend();
      if (after !== undefined) setWait(Math.max(1, after));
    } finally {
      setSending(false);
    }
  };
  return (
    <Field label={p.label ?? t.login.code} required={p.required ?? true} validationMessage={p.error || undefined}>
      {(fieldProps) => (
        <div className={s.row}>
          <Input
            {...fieldProps}
            className={s.input}
            input={{ className: s.inputEl }}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={p.value}
            placeholder={p.placeholder ?? t.login.codePlaceholder}
            onChange={(_, d) => p.onChange(d.value.replace(/\D/g, '').slice(0, 6))}
            data-testid={p.codeTestId}
          />
          <Button className={s.send} type="button" disabled={wait > 0 || sending} onClick={() => void send()} data-testid={p.sendTestId}>
            {wait > 0 ? t.login.resend(wait) : t.login.sendCode}
          </Button>
        </div>
      )}
    </Field>
  );
}
