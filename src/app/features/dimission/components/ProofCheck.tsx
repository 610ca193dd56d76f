import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Field, Input, makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, DocumentCheckmarkRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import type { ProofCheckData } from '../../../../contract/dimission';
import { cnDate, formatVerifyCode, normalizeVerifyCode, VERIFY_CODE_RE, VERIFY_PATH } from '../../../../contract/dimission-rules';
import { Code } from '../../../../contract/codes';
import { t } from '../../../shared/i18n/zh-CN';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { ApiError } from '../../../shared/lib/http';
import { usePhoneStyles } from '../../../shared/ui/phone';
import { checkProof } from '../api';

const useStyles = makeStyles({
  form: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  grow: { flexGrow: 1, minWidth: 0 },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  badges: { display: 'flex', gap: tokens.spacingHorizontalXS, flexShrink: 0 },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  fact: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  label: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  value: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, overflowWrap: 'anywhere' },
  hidden: { display: 'none' },
  verdict: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  icon: { flexShrink: 0, fontSize: tokens.fontSizeBase600 },
  match: { color: tokens.colorPaletteGreenForeground1 },
  mismatch: { color: tokens.colorPaletteRedForeground1 },
  voidCard: { border: `${tokens.strokeWidthThick} solid ${tokens.colorPaletteRedBorder2}` },
});

const T = tDim.check;
type Answer = { at: 'idle' } | { at: 'loading' } | { at: 'done'; data: ProofCheckData } | { at: 'failed'; text: string };

const failure = (e: unknown) => (e instanceof ApiError ? (e.code === Code.NOT_FOUND ? T.notFound : e.message) : t.state.loadFailed);

/**
 * /m/proof-check/:code — 验真 of a departure proof (issue 30), public and made for a phone: the QR on
 * a proof opens it with its code; the code can be typed too. It shows what the paper states (the
 * name masked, no ID number), 已出具 or 已作废, 电子印章 when the company's seal is on the PDF, and
 * whether a PDF someone was given is the issued file (the sealed one once sealed; the file from
 * before the seal is named as such) — its SHA-256 computed here, only the hash sent.
 */
export function ProofCheckPage({ code: given }: { code: string }) {
  const s = usePhoneStyles();
  const own = useStyles();
  const [, navigate] = useLocation();
  const code = normalizeVerifyCode(given);
  const [typed, setTyped] = useState(given ? formatVerifyCode(code) : '');
  const [typedError, setTypedError] = useState('');
  const [answer, setAnswer] = useState<Answer>({ at: 'idle' });
  const [file, setFile] = useState<{ name: string; result: 'hashing' | NonNullable<ProofCheckData['file']> | 'failed' } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setFile(null);
    if (!VERIFY_CODE_RE.test(code)) {
      setAnswer(given ? { at: 'failed', text: T.badCode } : { at: 'idle' });
      return;
    }
    setAnswer({ at: 'loading' });
    checkProof(code).then(
      (data) => setAnswer({ at: 'done', data }),
      (e: unknown) => setAnswer({ at: 'failed', text: failure(e) }),
    );
  }, [code, given]);

  const query = () => {
    const c = normalizeVerifyCode(typed);
    if (!VERIFY_CODE_RE.test(c)) return setTypedError(T.badCode);
    navigate(`${VERIFY_PATH}/${c}`);
  };
  const pick = async (f: File | undefined) => {
    if (!f) return;
    setFile({ name: f.name, result: 'hashing' });
    try {
      const { sha256 } = await import('hash-wasm');
      const hash = await sha256(new Uint8Array(await f.arrayBuffer()));
      const data = await checkProof(code, hash);
      setAnswer({ at: 'done', data });
      setFile({ name: f.name, result: data.file ?? 'failed' });
    } catch {
      setFile({ name: f.name, result: 'failed' });
    }
  };

  const d = answer.at === 'done' ? answer.data : null;
  const verdict = {
    hashing: T.hashing,
    match: d?.seal === 'electronic' ? T.matchSealed : T.match,
    unsealed: T.unsealed,
    mismatch: T.mismatch,
    failed: T.readFailed,
  };
  return (
    <div className={s.root} data-testid="proof-check">
      <section className={s.card} aria-labelledby="check-title">
        <h1 id="check-title" className={own.title}>
          {T.title}
        </h1>
        {!d && <Text className={s.note}>{T.intro}</Text>}
        {!given && (
          <div className={own.form}>
            <Field className={own.grow} label={T.code} validationMessage={typedError || undefined}>
              <Input
                value={typed}
                maxLength={20}
                placeholder={T.codePh}
                autoCapitalize="characters"
                onChange={(_, v) => {
                  setTyped(v.value);
                  setTypedError('');
                }}
                onKeyDown={(e) => e.key === 'Enter' && query()}
                data-testid="check-code"
              />
            </Field>
            <Button appearance="primary" onClick={query} data-testid="check-query">
              {T.query}
            </Button>
          </div>
        )}
        {answer.at === 'loading' && <Spinner size="small" label={t.state.loading} />}
        {answer.at === 'failed' && (
          <Text role="alert" className={own.mismatch} data-testid="check-failed">
            {answer.text}
          </Text>
        )}
        {given && answer.at === 'failed' && (
          <Button onClick={() => navigate(VERIFY_PATH)} data-testid="check-again">
            {T.again}
          </Button>
        )}
      </section>

      {d && (
        <section className={mergeClasses(s.card, d.status === 'void' && own.voidCard)} aria-label={T.title} data-testid="check-result" data-status={d.status}>
          <div className={own.head}>
            <Text weight="semibold">{formatVerifyCode(code)}</Text>
            <div className={own.badges}>
              {d.seal === 'electronic' && (
                <Badge appearance="tint" color="brand" data-testid="check-seal">
                  {T.electronic}
                </Badge>
              )}
              <Badge appearance="filled" color={d.status === 'void' ? 'danger' : 'success'} data-testid="check-status">
                {d.status === 'void' ? T.void : T.issued}
              </Badge>
            </div>
          </div>
          <Text className={s.note}>{d.status === 'void' ? T.voidNote(d.voided_on ? cnDate(d.voided_on) : '') : T.issuedNote}</Text>
          {d.seal === 'electronic' && <Text className={s.note}>{T.electronicNote}</Text>}
          <dl className={s.rows}>
            {[
              { key: 'company', label: T.company, value: d.company_name },
              { key: 'name', label: T.name, value: d.name_mask },
              ...d.items,
              { key: 'serial', label: T.serial, value: d.serial },
              { key: 'date', label: T.issueDate, value: cnDate(d.issue_date) },
            ].map((r) => (
              <div key={r.key} className={own.fact} data-item={r.key}>
                <dt className={own.label}>{r.label}</dt>
                <dd className={own.value}>{r.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      {d && (
        <section className={s.card} aria-labelledby="check-file-title">
          <Text as="h2" id="check-file-title" className={s.subtitle}>
            {T.file}
          </Text>
          <Text className={s.note}>{T.fileIntro}</Text>
          <input
            ref={input}
            type="file"
            accept=".pdf,application/pdf"
            className={own.hidden}
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
            data-testid="check-file"
          />
          <Button icon={<DocumentCheckmarkRegular />} disabled={file?.result === 'hashing'} onClick={() => input.current?.click()} data-testid="check-pick">
            {T.pick}
          </Button>
          {file && (
            <div className={own.verdict} role="status" data-testid="check-file-result" data-result={file.result}>
              {file.result === 'match' && <CheckmarkCircleRegular className={mergeClasses(own.icon, own.match)} aria-hidden />}
              {file.result === 'mismatch' && <ErrorCircleRegular className={mergeClasses(own.icon, own.mismatch)} aria-hidden />}
              <div>
                <Text block weight="semibold">
                  {file.name}
                </Text>
                <Text block className={file.result === 'mismatch' || file.result === 'failed' ? own.mismatch : undefined}>
                  {verdict[file.result]}
                </Text>
              </div>
            </div>
          )}
          <Text className={s.note}>{T.seal}</Text>
        </section>
      )}
    </div>
  );
}
