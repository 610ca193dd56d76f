import { useRef, useState, type FormEvent } from 'react';
import { Button, Field, Input, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { LockClosedRegular, PhoneRegular } from '@fluentui/react-icons';
import { Link } from 'wouter';
import { t } from '../../../shared/i18n/zh-CN';
import { login } from '../../../shared/session';
import { toastSuccess } from '../../../shared/lib/notify';
import { sizes } from '../../../shared/theme';
import { sendLoginCode } from '../api';
import { useResendCountdown } from '../hooks/useResendCountdown';
import { sendCodeLabel } from '../lib/countdown';
import { digitsOnly, hasErrors, mobileError, validateLogin, type LoginErrors } from '../lib/validation';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, marginBottom: tokens.spacingVerticalS },
  subtitle: { color: tokens.colorNeutralForeground3 },
  codeRow: { display: 'flex', gap: tokens.spacingHorizontalS },
  codeInput: { flexGrow: 1, minWidth: 0, width: '100%' },
  codeInputEl: { minWidth: 0, width: '100%' },
  sendButton: { flexShrink: 0, minWidth: sizes.codeButton },
  agree: { color: tokens.colorNeutralForeground3, textAlign: 'center' },
  // underlined: a link inside a sentence must not be told apart by its colour alone (WCAG 1.4.1)
  agreeLink: { color: tokens.colorBrandForegroundLink, textDecorationLine: 'underline', textUnderlineOffset: '2px' },
});

const noErrors: LoginErrors = { mobile: null, code: null };

/** 企业登录: mobile + SMS code (SPEC §2, messages.md). */
export interface LoginFormProps {
  onSuccess: () => void;
  /** another use of the same mobile + code form (e.g. /bind after a WeChat scan) */
  variant?: {
    title: string;
    subtitle: string;
    submit: string;
    submitting: string;
    success: string;
    action: (mobile: string, code: string) => Promise<void>;
  };
}

export function LoginForm({ onSuccess, variant }: LoginFormProps) {
  const s = useStyles();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<LoginErrors>(noErrors);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const { left, start } = useResendCountdown();
  const codeRef = useRef<HTMLInputElement>(null);

  const sendCode = async () => {
    const e = mobileError(mobile);
    setErrors((prev) => ({ ...prev, mobile: e }));
    if (e || sending || left > 0) return;
    setSending(true);
    try {
      const { retry_after } = await sendLoginCode(mobile.trim());
      start(retry_after);
      toastSuccess(t.login.codeSent);
      codeRef.current?.focus();
    } catch {
      // the request layer has told the user
    } finally {
      setSending(false);
    }
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const e = validateLogin(mobile, code);
    setErrors(e);
    if (hasErrors(e) || submitting) return;
    setSubmitting(true);
    try {
      await (variant?.action ?? login)(mobile.trim(), code.trim());
      toastSuccess(variant?.success ?? t.login.success);
      onSuccess();
    } catch {
      // wrong or expired code: the server's message was toasted
      setSubmitting(false);
    }
  };

  return (
    <form className={s.form} onSubmit={submit} noValidate aria-labelledby="login-title">
      <div className={s.head}>
        <Text as="h1" size={600} weight="semibold" id="login-title">
          {variant?.title ?? t.login.title}
        </Text>
        <Text size={200} className={s.subtitle}>
          {variant?.subtitle ?? t.login.subtitle}
        </Text>
      </div>

      <Field label={t.login.mobile} validationMessage={errors.mobile} validationState={errors.mobile ? 'error' : 'none'} size="large">
        <Input
          name="mobile"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          placeholder={t.login.mobilePlaceholder}
          contentBefore={<PhoneRegular aria-hidden />}
          value={mobile}
          onChange={(_, d) => {
            setMobile(digitsOnly(d.value, 11));
            if (errors.mobile) setErrors((p) => ({ ...p, mobile: null }));
          }}
          autoFocus
        />
      </Field>

      <Field label={t.login.code} validationMessage={errors.code} validationState={errors.code ? 'error' : 'none'} size="large">
        {(fieldProps) => (
          <div className={s.codeRow}>
            <Input
              {...fieldProps}
              ref={codeRef}
              className={s.codeInput}
              input={{ className: s.codeInputEl }}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t.login.codePlaceholder}
              contentBefore={<LockClosedRegular aria-hidden />}
              value={code}
              onChange={(_, d) => {
                setCode(digitsOnly(d.value, 6));
                if (errors.code) setErrors((p) => ({ ...p, code: null }));
              }}
              size="large"
            />
            <Button className={s.sendButton} size="large" type="button" disabled={left > 0 || sending} onClick={sendCode} data-testid="send-code">
              {sending ? t.login.sending : sendCodeLabel(left)}
            </Button>
          </div>
        )}
      </Field>

      <Button
        type="submit"
        appearance="primary"
        size="large"
        disabled={submitting}
        icon={submitting ? <Spinner size="tiny" /> : undefined}
        data-testid="login-submit"
      >
        {submitting ? (variant?.submitting ?? t.login.loggingIn) : (variant?.submit ?? t.login.submit)}
      </Button>

      <Text size={200} className={s.agree}>
        {t.login.agreePrefix}
        <Link href="/agreement" className={s.agreeLink}>
          {t.login.agreement}
        </Link>
      </Text>
    </form>
  );
}
