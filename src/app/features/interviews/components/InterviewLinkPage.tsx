import { useCallback, useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
  Spinner,
  Text,
} from '@fluentui/react-components';
import { CalendarCheckmarkRegular, InfoRegular } from '@fluentui/react-icons';
import type { InterviewLinkData } from '../../../../contract/interviews';
import { tInterview } from '../../../shared/i18n/zh-CN.interviews';
import { toast } from '../../../shared/lib/notify';
import { EmptyState } from '../../../shared/ui';
import { usePhoneStyles } from '../../../shared/ui/phone';
import { linkAnswer, linkView } from '../api';

const T = tInterview.link;
// the answers as wide as the card: easy to hit on a phone
const useStyles = makeStyles({ wide: { alignSelf: 'stretch' } });

/**
 * /m/interview/:token — the candidate's invitation (the link of the SMS): the time, place and
 * contact, and 确认参加 / 无法参加 while the state lets a candidate answer. The link dies when the
 * interview is over; a 改期 sends a new one.
 */
export function InterviewLinkPage({ token }: { token: string }) {
  const s = usePhoneStyles();
  const x = useStyles();
  const [view, setView] = useState<InterviewLinkData | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const load = useCallback(
    () =>
      linkView(token).then(
        (v) => setView(v),
        () => setInvalid(true),
      ),
    [token],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const send = async (a: 'confirm' | 'decline') => {
    setAsking(false);
    setBusy(true);
    try {
      const r = await linkAnswer(token, a);
      toast('success', r.msg);
      setView(r.data);
    } catch {
      // refused (canceled meanwhile, the link replaced): the page shows how things stand now
      void load();
    } finally {
      setBusy(false);
    }
  };

  if (invalid) return <EmptyState text={T.invalid} description={T.invalidNote} />;
  if (!view) return <Spinner label={T.loading} />;
  const ok = view.state === 'accepted';
  const rows: [string, string][] = [
    [T.time, view.pick_time.slice(0, 16)],
    [T.place, view.address],
    [T.contact, `${view.contacts_name} ${view.contacts_tel}`],
    ...(view.remark ? ([[T.remark, view.remark]] as [string, string][]) : []),
    ...(view.reason ? ([[T.reason, view.reason]] as [string, string][]) : []),
  ];
  return (
    <div className={s.root} data-testid={`interview-page-${view.state}`}>
      <section className={s.card}>
        <h1 className={s.title}>{T.title}</h1>
        <Text>{T.hello(view.realname)}</Text>
        <Text weight="semibold">{T.invited(view.company_name, view.job_name)}</Text>
        <dl className={s.rows}>
          {rows.map(([k, v]) => (
            <div key={k} className={s.row}>
              <dt className={s.label}>{k}</dt>
              <dd className={s.value}>{v}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className={mergeClasses(s.card, s.state)}>
        {ok ? <CalendarCheckmarkRegular className={s.ok} aria-hidden /> : <InfoRegular className={s.muted} aria-hidden />}
        <Text weight="semibold" data-testid="interview-page-state">
          {T.state[view.state]}
        </Text>
        {view.answers.length > 0 && (
          <div className={mergeClasses(s.actions, x.wide)}>
            {view.answers.includes('confirm') && (
              <Button appearance="primary" size="large" disabled={busy} onClick={() => void send('confirm')} data-testid="interview-page-confirm">
                {T.confirm}
              </Button>
            )}
            {view.answers.includes('decline') && (
              <Button size="large" disabled={busy} onClick={() => setAsking(true)} data-testid="interview-page-decline">
                {T.decline}
              </Button>
            )}
          </div>
        )}
      </section>
      <Dialog open={asking} onOpenChange={(_, d) => setAsking(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{tInterview.confirmTitle}</DialogTitle>
            <DialogContent>{T.declineAsk}</DialogContent>
            <DialogActions>
              <Button onClick={() => setAsking(false)}>{tInterview.close}</Button>
              <Button appearance="primary" onClick={() => void send('decline')} data-testid="interview-page-decline-ok">
                {T.decline}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
