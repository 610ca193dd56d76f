import { useState } from 'react';
import { Button, Checkbox, Link, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { DocumentPdfRegular } from '@fluentui/react-icons';
import type { InviteData } from '../../../../contract/worker';
import { tWorker } from '../../../shared/i18n/zh-CN.worker';
import { toast } from '../../../shared/lib/notify';
import { SmsCodeField } from '../../../shared/ui/SmsCodeField';
import { refuse, sendSignCode, sign } from '../api';
import { usePhoneStyles } from './styles';

const T = tWorker.invite;
type Agreement = NonNullable<InviteData['agreement']>;

/**
 * 签署协议: read the version in effect, agree, confirm the intent with an SMS code sent now to the
 * invited (verified) mobile, sign — or refuse (asked once more). Signing through e签宝 (the server
 * answers its page's link), the phone goes there and comes back to 签署确认中 (SigningStep); a flow
 * that ended unsigned (拒签, 过期 …) is said above.
 */
export function SignStep(p: {
  token: string;
  agreement: Agreement;
  mobileMask: string;
  flow: InviteData['sign_flow'];
  onDone: (v: InviteData) => void;
  onFail: () => void;
}) {
  const s = usePhoneStyles();
  const [agreed, setAgreed] = useState(false);
  const [asking, setAsking] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [code, setCode] = useState('');
  const [codeErr, setCodeErr] = useState('');
  const [mask, setMask] = useState(p.mobileMask);
  // 已拒绝签署 is said in the warning colour, not success green (issue 33)
  const run = async (fn: () => Promise<{ data: InviteData; msg: string }>, intent: 'success' | 'warning' = 'success') => {
    try {
      const r = await fn();
      toast(intent, r.msg);
      p.onDone(r.data);
    } catch {
      p.onFail();
    }
  };
  const send = async () => {
    try {
      const r = await sendSignCode(p.token);
      toast('success', r.msg);
      if (r.data.mobile_mask) setMask(r.data.mobile_mask);
      return r.data.retry_after;
    } catch {
      return undefined; // told by the request layer
    }
  };
  const submit = async () => {
    if (!code) return setCodeErr(tWorker.required(T.code));
    if (!/^\d{6}$/.test(code)) return setCodeErr(T.codeBad);
    setCodeErr('');
    try {
      const r = await sign(p.token, a.id, code);
      if (!r.data.sign_url) {
        toast('success', r.msg);
        return p.onDone(r.data);
      }
      // e签宝's page; it sends the phone back here, to 签署确认中
      setLeaving(true);
      toast('info', r.msg);
      window.location.assign(r.data.sign_url);
    } catch {
      p.onFail();
    }
  };
  const a = p.agreement;
  if (leaving)
    return (
      <section className={s.card} data-testid="flex-to-esign">
        <Spinner label={T.toEsign} />
      </section>
    );
  return (
    <section className={s.card} aria-labelledby="flex-sign-title">
      <Text as="h2" id="flex-sign-title" className={s.subtitle}>
        {T.signTitle}
      </Text>
      {p.flow && p.flow.status !== 'signing' && (
        <MessageBar intent="warning" data-testid="flex-flow-note" data-status={p.flow.status}>
          <MessageBarBody>{p.flow.note}</MessageBarBody>
        </MessageBar>
      )}
      <Text data-testid="flex-agreement-name">{T.agreementOf(a.name, a.version, a.effective_date)}</Text>
      {a.url ? (
        <Link href={a.url} target="_blank" rel="noopener noreferrer" data-testid="flex-agreement">
          <DocumentPdfRegular aria-hidden /> {T.read}
        </Link>
      ) : (
        <Text className={s.note}>{T.unreadable}</Text>
      )}
      <Checkbox checked={agreed} onChange={(_, d) => setAgreed(d.checked === true)} label={T.agree} data-testid="flex-agree" />
      {asking ? (
        <MessageBar intent="warning">
          <MessageBarBody>
            {T.refuseAsk}
            <div className={s.actions}>
              <Button onClick={() => void run(() => refuse(p.token), 'warning')} data-testid="flex-refuse-ok">
                {T.refuseOk}
              </Button>
              <Button appearance="primary" onClick={() => setAsking(false)}>
                {T.cancel}
              </Button>
            </div>
          </MessageBarBody>
        </MessageBar>
      ) : (
        <>
          <Text className={s.note} data-testid="flex-sign-intent">
            {T.signIntentNote(mask)}
          </Text>
          <SmsCodeField
            label={T.code}
            placeholder={T.codePh}
            value={code}
            onChange={(v) => (setCode(v), setCodeErr(''))}
            onSend={send}
            error={codeErr}
            codeTestId="flex-sign-code"
            sendTestId="flex-sign-send"
          />
          <div className={s.actions}>
            <Button appearance="primary" size="large" disabled={!agreed} onClick={() => void submit()} data-testid="flex-sign-btn">
              {T.sign}
            </Button>
            <Button appearance="subtle" onClick={() => setAsking(true)} data-testid="flex-refuse">
              {T.refuse}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
