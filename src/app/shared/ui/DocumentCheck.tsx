import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Field, Input, makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, DocumentCheckmarkRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import type { DocumentCheckData } from '../../../contract/document-check';
import { cnDate, formatVerifyCode, normalizeVerifyCode, VERIFY_CODE_RE } from '../../../contract/dimission-rules';
import { Code } from '../../../contract/codes';
import { t } from '../i18n/zh-CN';
import { ApiError } from '../lib/http';
import { usePhoneStyles } from './phone';

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

/** The words of one kind of document's 验真 page (its feature's catalog). */
export interface DocumentCheckTexts {
  title: string;
  intro: string;
  code: string;
  codePh: string;
  query: string;
  badCode: string;
  issued: string;
  void: string;
  issuedNote: string;
  voidNote: (d: string) => string;
  company: string;
  serial: string;
  issueDate: string;
  file: string;
  fileIntro: string;
  pick: string;
  hashing: string;
  match: string;
  mismatch: string;
  readFailed: string;
  notFound: string;
  seal: string;
  again: string;
  /** documents that can carry an electronic seal (departure proofs) */
  electronic?: string;
  electronicNote?: string;
  matchSealed?: string;
  unsealed?: string;
}

type Fact = { key: string; label: string; value: string };
export interface DocumentCheckProps<D extends DocumentCheckData> {
  /** the code in the address ('' : the form to type one) */
  code: string;
  /** the page's path without the code, e.g. /m/proof-check */
  path: string;
  texts: DocumentCheckTexts;
  /** the public check endpoint of this kind of document */
  check: (code: string, sha256?: string) => Promise<D>;
  /** facts shown after the company, before the document's own items (e.g. the masked name) */
  lead?: (d: D) => Fact[];
  testId?: string;
}

/**
 * 验真 of an issued document (a departure proof, issue 30; a 完税证明, issue 31), public and made for a
 * phone: the QR on the document opens it with its code; the code can be typed too. It shows what
 * the paper states, 已出具 or 已作废, 电子印章 when the company's seal is on the PDF, and whether a PDF someone was given is the issued file — its
 * SHA-256 computed here, only the hash sent.
 */
export function DocumentCheckPage<D extends DocumentCheckData>({ code: given, path, texts: T, check, lead, testId = 'proof-check' }: DocumentCheckProps<D>) {
  type Answer = { at: 'idle' } | { at: 'loading' } | { at: 'done'; data: D } | { at: 'failed'; text: string };
  const failure = (e: unknown) => (e instanceof ApiError ? (e.code === Code.NOT_FOUND ? T.notFound : e.message) : t.state.loadFailed);
  const s = usePhoneStyles();
  const own = useStyles();
  const [, navigate] = useLocation();
  const code = normalizeVerifyCode(given);
  const [typed, setTyped] = useState(given ? formatVerifyCode(code) : '');
  const [typedError, setTypedError] = useState('');
  const [answer, setAnswer] = useState<Answer>({ at: 'idle' });
  const [file, setFile] = useState<{ name: string; result: 'hashing' | NonNullable<DocumentCheckData['file']> | 'failed' } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setFile(null);
    if (!VERIFY_CODE_RE.test(code)) {
      setAnswer(given ? { at: 'failed', text: T.badCode } : { at: 'idle' });
      return;
    }
    setAnswer({ at: 'loading' });
    check(code).then(
      (data) => setAnswer({ at: 'done', data }),
      (e: unknown) => setAnswer({ at: 'failed', text: failure(e) }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `check` and the words are fixed per page
  }, [code, given]);

  const query = () => {
    const c = normalizeVerifyCode(typed);
    if (!VERIFY_CODE_RE.test(c)) return setTypedError(T.badCode);
    navigate(`${path}/${c}`);
  };
  const pick = async (f: File | undefined) => {
    if (!f) return;
    setFile({ name: f.name, result: 'hashing' });
    try {
      const { sha256 } = await import('hash-wasm');
      const hash = await sha256(new Uint8Array(await f.arrayBuffer()));
      const data = await check(code, hash);
      setAnswer({ at: 'done', data });
      setFile({ name: f.name, result: data.file ?? 'failed' });
    } catch {
      setFile({ name: f.name, result: 'failed' });
    }
  };

  const d = answer.at === 'done' ? answer.data : null;
  const sealed = d?.seal === 'electronic';
  const verdict = {
    hashing: T.hashing,
    match: sealed && T.matchSealed ? T.matchSealed : T.match,
    unsealed: T.unsealed ?? T.mismatch,
    mismatch: T.mismatch,
    failed: T.readFailed,
  };
  return (
    <div className={s.root} data-testid={testId}>
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
          <Button onClick={() => navigate(path)} data-testid="check-again">
            {T.again}
          </Button>
        )}
      </section>

      {d && (
        <section className={mergeClasses(s.card, d.status === 'void' && own.voidCard)} aria-label={T.title} data-testid="check-result" data-status={d.status}>
          <div className={own.head}>
            <Text weight="semibold">{formatVerifyCode(code)}</Text>
            <div className={own.badges}>
              {sealed && (
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
          {sealed && <Text className={s.note}>{T.electronicNote}</Text>}
          <dl className={s.rows}>
            {[
              { key: 'company', label: T.company, value: d.company_name },
              ...(lead?.(d) ?? []),
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
