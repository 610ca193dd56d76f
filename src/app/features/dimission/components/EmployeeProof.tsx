import { useEffect, useState } from 'react';
import {
  Badge,
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
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, DocumentRegular } from '@fluentui/react-icons';
import type { z } from 'zod';
import type { ProofViewData } from '../../../../contract/dimission';
import { formatVerifyCode, proofDocument } from '../../../../contract/dimission-rules';
import { t } from '../../../shared/i18n/zh-CN';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { saveBase64 } from '../../../shared/lib/download';
import { toast } from '../../../shared/lib/notify';
import { EmptyState } from '../../../shared/ui';
import { usePhoneStyles } from '../../../shared/ui/phone';
import { proofFile, proofReveal, proofRevealCode, proofView } from '../api';
import { A4View } from './A4View';
import { usePhoneCardStyles } from './styles';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  facts: { display: 'flex', flexDirection: 'column', margin: 0 },
  fact: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  label: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  value: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, overflowWrap: 'anywhere' },
  inline: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  buttons: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalS },
  code: { fontFamily: tokens.fontFamilyMonospace, fontWeight: tokens.fontWeightSemibold, letterSpacing: '0.04em' },
});

type View = z.infer<typeof ProofViewData>;
const T = tDim.employee;

/**
 * /m/proof/:token — the employee's page from an SMS link (issue 30 item 7), made for a phone: the
 * proof's facts as a readable card, the A4 sheet one tap away, the PDF to download (the stored file
 * 验真 compares). The ID number is masked (a forwarded SMS shows no whole number); the whole one
 * after a code to the mobile on file. The link lasts as long as the proof.
 */
export function ProofEmployeeView({ token }: { token: string }) {
  const s = usePhoneStyles();
  const own = useStyles();
  const desk = usePhoneCardStyles();
  const [view, setView] = useState<View | null>(null);
  const [state, setState] = useState<'loading' | 'ok' | 'invalid'>('loading');
  const [asking, setAsking] = useState(false);
  const [paper, setPaper] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    proofView(token).then(
      (v) => {
        setView(v);
        setState('ok');
      },
      () => setState('invalid'),
    );
  }, [token]);

  if (state !== 'ok' || !view)
    return <div className={desk.root}>{state === 'invalid' ? <EmptyState text={T.invalid} /> : <Spinner label={t.state.loading} />}</div>;
  const whole = !view.id_card.includes('*');
  // each view starts at its top (the facts may have been scrolled to their end)
  const openPaper = (open: boolean) => {
    setPaper(open);
    window.scrollTo(0, 0);
  };
  const download = async () => {
    setSaving(true);
    try {
      const f = await proofFile(token);
      saveBase64(f.filename, f.content_base64);
      toast('success', T.pdfSaved);
    } catch {
      // told by the request layer
    } finally {
      setSaving(false);
    }
  };
  const pdfButton = (
    <Button appearance="primary" icon={<ArrowDownloadRegular />} disabled={saving} onClick={() => void download()} data-testid="proof-pdf">
      {T.pdf}
    </Button>
  );
  if (paper) return <A4View facts={view} onBack={() => openPaper(false)} actions={pdfButton} />;

  const doc = proofDocument(view);
  const rows = [
    ...doc.items.map((i) => ({ key: i.key, label: i.label, value: i.value })),
    { key: 'serial', label: T.serial, value: view.serial },
    { key: 'date', label: T.issueDate, value: doc.date },
  ];
  return (
    <div className={s.root} data-testid="proof-employee">
      <section className={s.card} aria-labelledby="proof-title">
        <div className={own.head}>
          <h1 id="proof-title" className={own.title} data-testid="proof-employee-title">
            {T.title}
          </h1>
          <Badge appearance="tint" color={view.seal_kind === 'electronic' ? 'brand' : 'success'}>
            {view.seal_kind === 'electronic' ? tDim.proofs.sealed : tDim.proofStatus.issued}
          </Badge>
        </div>
        <Text className={s.note}>{T.issuedBy(view.company_name)}</Text>
        <div className={own.buttons}>
          <Button icon={<DocumentRegular />} onClick={() => openPaper(true)} data-testid="proof-a4">
            {T.paper}
          </Button>
          {pdfButton}
        </div>
        <dl className={own.facts} aria-label={T.facts} data-testid="proof-facts">
          {rows.map((r) => (
            <div key={r.key} className={own.fact} data-item={r.key}>
              <dt className={own.label}>{r.label}</dt>
              <dd className={own.value}>
                {r.key === 'id_card' && !whole ? (
                  <span className={own.inline}>
                    <span>{r.value}</span>
                    <Button size="small" appearance="transparent" onClick={() => setAsking(true)} data-testid="proof-reveal-open">
                      {T.reveal}
                    </Button>
                  </span>
                ) : (
                  r.value
                )}
              </dd>
            </div>
          ))}
          {view.verify_code && (
            <div className={own.fact} data-item="verify">
              <dt className={own.label}>{T.verifyCode}</dt>
              <dd className={own.value}>
                <span className={own.code} data-testid="proof-employee-code">
                  {formatVerifyCode(view.verify_code)}
                </span>
                <Text block className={s.note}>
                  {T.verifyHint}
                </Text>
              </dd>
            </div>
          )}
        </dl>
      </section>
      <section className={s.card}>
        <Text className={s.note} data-testid="proof-employee-note">
          {view.seal_kind === 'electronic' ? T.noteSealed : T.note}
        </Text>
      </section>
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
    </div>
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
                  onChange={(_, d) => {
                    setCode(d.value.trim());
                    setErr('');
                  }}
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
