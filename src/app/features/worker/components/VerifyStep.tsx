import { useState } from 'react';
import { Button, Field, Input, Text } from '@fluentui/react-components';
import type { InviteData } from '../../../../contract/worker';
import { tWorker } from '../../../shared/i18n/zh-CN.worker';
import { toast } from '../../../shared/lib/notify';
import { sendCode, verifyCode } from '../api';
import { usePhoneStyles } from './styles';
import { useCountdown } from './useCountdown';

const T = tWorker.invite;

/** 短信验证: a code to the mobile on file (masked here); the right one opens the worker session. */
export function VerifyStep({ token, mobileMask, onDone }: { token: string; mobileMask: string; onDone: (v: InviteData) => void }) {
  const s = usePhoneStyles();
  const [code, setCode] = useState('');
  const [err, setErr] = useState('');
  const [wait, setWait] = useCountdown();
  const send = async () => {
    try {
      const r = await sendCode(token);
      toast('success', r.msg);
      setWait(r.data.retry_after);
    } catch {
      // told by the request layer
    }
  };
  const verify = async () => {
    if (!/^\d{6}$/.test(code)) return setErr(tWorker.required(T.code));
    setErr('');
    try {
      const r = await verifyCode(token, code);
      onDone(r.data);
    } catch {
      // told by the request layer
    }
  };
  return (
    <section className={s.card} aria-labelledby="flex-verify-title">
      <Text as="h2" id="flex-verify-title" className={s.subtitle}>
        {T.verifyTitle}
      </Text>
      <Text className={s.note}>{T.verifyNote(mobileMask)}</Text>
      <div className={s.inline}>
        <Field label={T.code} required validationMessage={err || undefined} className={s.grow}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            placeholder={T.codePh}
            onChange={(_, d) => setCode(d.value.trim())}
            data-testid="flex-code"
          />
        </Field>
        <Button className={s.keep} disabled={wait > 0} onClick={() => void send()} data-testid="flex-send">
          {wait > 0 ? T.resend(wait) : T.sendCode}
        </Button>
      </div>
      <Button appearance="primary" size="large" onClick={() => void verify()} data-testid="flex-verify">
        {T.verify}
      </Button>
    </section>
  );
}
