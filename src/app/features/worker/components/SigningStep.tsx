import { useEffect, useState } from 'react';
import { Button, Spinner, Text } from '@fluentui/react-components';
import type { InviteData } from '../../../../contract/worker';
import { tWorker } from '../../../shared/i18n/zh-CN.worker';
import { inviteView, signUrl } from '../api';
import { usePhoneStyles } from './styles';

const T = tWorker.invite;
/** How often the page asks while e签宝's result is not known (the server asks e签宝 at most every 3 s). */
const POLL_MS = 2000;

/**
 * 签署确认中: back from e签宝's signing page (or never gone), the page asks every two seconds until
 * the result is known — e签宝's callback, or the server's own look at the flow — and then shows the
 * page as it stands (已签署 → 提交交付; 拒签 or 过期 → 签署协议 with the reason). 继续签署 opens
 * e签宝's page again for the same flow.
 */
export function SigningStep(p: { token: string; note: string; onDone: (v: InviteData) => void }) {
  const s = usePhoneStyles();
  const [leaving, setLeaving] = useState(false);
  const { token, onDone } = p;
  useEffect(() => {
    let stop = false;
    const timer = setInterval(() => {
      inviteView(token).then(
        (v) => {
          if (!stop && v.step !== 'signing') onDone(v);
        },
        () => undefined, // a failed look: the next one tries again
      );
    }, POLL_MS);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [token, onDone]);
  const resume = async () => {
    try {
      const r = await signUrl(token);
      setLeaving(true);
      window.location.assign(r.sign_url);
    } catch {
      // told by the request layer
    }
  };
  return (
    <section className={s.card} aria-labelledby="flex-signing-title" data-testid="flex-signing">
      <Text as="h2" id="flex-signing-title" className={s.subtitle}>
        {T.signingTitle}
      </Text>
      <Spinner size="small" label={leaving ? T.toEsign : T.signingChecking} />
      <Text className={s.note} data-testid="flex-signing-note">
        {p.note}
      </Text>
      <Text className={s.note}>{T.signingResumeNote}</Text>
      <div className={s.actions}>
        <Button appearance="primary" size="large" disabled={leaving} onClick={() => void resume()} data-testid="flex-sign-resume">
          {T.signingResume}
        </Button>
      </div>
    </section>
  );
}
