import { useCallback, useEffect, useState } from 'react';
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
  mergeClasses,
  Spinner,
  Text,
} from '@fluentui/react-components';
import type { z } from 'zod';
import type { ProofViewData } from '../../../../contract/dimission';
import { Code } from '../../../../contract/codes';
import { t } from '../../../shared/i18n/zh-CN';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { ApiError } from '../../../shared/lib/http';
import { toast } from '../../../shared/lib/notify';
import { EmptyState, usePrintPageStyles } from '../../../shared/ui';
import { proofRenew, proofReveal, proofRevealCode, proofView } from '../api';
import { usePhoneCardStyles } from './styles';
import { Paper } from './PrintView';

const useStyles = makeStyles({ lowered: { marginTop: '15vh' } });

type View = z.infer<typeof ProofViewData>;
const T = tDim.employee;

/**
 * /m/proof/:token — the employee's page from an SMS link (issue 28 item 2): the proof with the ID
 * number masked (a forwarded SMS shows no whole number), the whole one after a code to the mobile
 * on file; an expired link offers a new one by SMS (to that mobile, never one typed here).
 */
export function ProofEmployeeView({ token }: { token: string }) {
  const s = usePrintPageStyles();
  const [view, setView] = useState<View | null>(null);
  const [state, setState] = useState<'loading' | 'ok' | 'expired' | 'invalid'>('loading');
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    proofView(token).then(
      (v) => {
        setView(v);
        setState('ok');
      },
      (e: unknown) => setState(e instanceof ApiError && e.code === Code.CONFLICT ? 'expired' : 'invalid'),
    );
  }, [token]);

  if (state === 'expired') return <Expired token={token} />;
  if (state !== 'ok' || !view)
    return <div className={s.root}>{state === 'invalid' ? <EmptyState text={T.invalid} /> : <Spinner label={t.state.loading} />}</div>;
  const whole = !view.id_card.includes('*');
  return (
    <>
      <Paper
        facts={view}
        printLabel={T.print}
        actions={
          !whole && (
            <Button onClick={() => setAsking(true)} data-testid="proof-reveal-open">
              {T.reveal}
            </Button>
          )
        }
        note={!whole && <Text className={s.hint}>{T.validUntil(view.expires_at.slice(0, 16))}</Text>}
      />
      {asking && (
        <RevealDialog
          token={token}
          mobileMask={view.mobile_mask}
          onClose={() => setAsking(false)}
          onRevealed={(idCard) => {
            setView({ ...view, id_card: idCard });
            setAsking(false);
            toast('success', T.revealed);
          }}
        />
      )}
    </>
  );
}

/** The SMS check before the whole ID number (the code goes to the mobile on file). */
function RevealDialog(p: { token: string; mobileMask: string; onClose: () => void; onRevealed: (idCard: string) => void }) {
  const s = usePhoneCardStyles();
  const L = tDim.leave;
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(0);
  const [err, setErr] = useState('');
  useEffect(() => {
    if (wait <= 0) return;
    const id = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(id);
  }, [wait]);
  const send = async () => {
    try {
      toast('success', (await proofRevealCode(p.token)).msg);
      setWait(60);
    } catch {
      // told by the request layer
    }
  };
  const ok = async () => {
    if (!/^\d{6}$/.test(code)) return setErr(L.required(L.code));
    try {
      p.onRevealed((await proofReveal(p.token, code)).id_card);
    } catch {
      // told by the request layer
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && p.onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{T.revealTitle}</DialogTitle>
          <DialogContent>
            <Text block className={s.note}>
              {T.revealNote(p.mobileMask)}
            </Text>
            <div className={s.row}>
              <Field className={s.grow} label={L.code} validationMessage={err || undefined}>
                <Input
                  value={code}
                  maxLength={6}
                  inputMode="numeric"
                  placeholder={L.codePh}
                  onChange={(_, d) => setCode(d.value.trim())}
                  data-testid="proof-reveal-code"
                />
              </Field>
              <Button disabled={wait > 0} onClick={() => void send()} data-testid="proof-reveal-send">
                {wait > 0 ? L.resend(wait) : L.sendCode}
              </Button>
            </div>
          </DialogContent>
          <DialogActions>
            <Button onClick={p.onClose}>{tDim.cancel}</Button>
            <Button appearance="primary" onClick={() => void ok()} data-testid="proof-reveal-ok">
              {T.revealOk}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** An expired link: 重新获取 sends a new one to the mobile on file. */
function Expired({ token }: { token: string }) {
  const s = usePhoneCardStyles();
  const own = useStyles();
  const page = usePrintPageStyles();
  const [sent, setSent] = useState('');
  const renew = useCallback(async () => {
    try {
      setSent((await proofRenew(token)).msg);
    } catch {
      // told by the request layer
    }
  }, [token]);
  return (
    <div className={page.root}>
      <div className={mergeClasses(s.card, own.lowered)} data-testid="proof-expired">
        <Text className={s.title}>{T.expiredTitle}</Text>
        <Text className={s.note}>{sent ? T.renewed(sent) : T.expiredNote}</Text>
        <Button appearance="primary" disabled={!!sent} onClick={() => void renew()} data-testid="proof-renew">
          {T.renew}
        </Button>
      </div>
    </div>
  );
}
