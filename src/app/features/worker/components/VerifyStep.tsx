import { useState } from 'react';
import { Button, Text } from '@fluentui/react-components';
import type { InviteData } from '../../../../contract/worker';
import { tWorker } from '../../../shared/i18n/zh-CN.worker';
import { toast } from '../../../shared/lib/notify';
import { SmsCodeField } from '../../../shared/ui/SmsCodeField';
import { sendCode, verifyCode } from '../api';
import { usePhoneStyles } from './styles';

const T = tWorker.invite;

/** 短信验证: a code to the mobile on file (masked here); the right one opens the worker session. */
export function VerifyStep({ token, mobileMask, onDone }: { token: string; mobileMask: string; onDone: (v: InviteData) => void }) {
  const s = usePhoneStyles();
  const [code, setCode] = useState('');
  const [err, setErr] = useState('');
  const send = async () => {
    try {
      const r = await sendCode(token);
      toast('success', r.msg);
      return r.data.retry_after;
    } catch {
      return undefined; // told by the request layer
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
      <SmsCodeField
        label={T.code}
        placeholder={T.codePh}
        value={code}
        onChange={setCode}
        onSend={send}
        error={err}
        codeTestId="flex-code"
        sendTestId="flex-send"
      />
      <Button appearance="primary" size="large" onClick={() => void verify()} data-testid="flex-verify">
        {T.verify}
      </Button>
    </section>
  );
}
