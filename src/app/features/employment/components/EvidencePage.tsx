import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Badge, Button, Link, makeStyles, MessageBar, MessageBarBody, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, CheckmarkCircleFilled, DismissCircleFilled, OpenRegular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import type { EvidenceCheck, SignEvidenceData } from '../../../../contract/sign-evidence';
import { t } from '../../../shared/i18n/zh-CN';
import { tEvidence } from '../../../shared/i18n/zh-CN.evidence';
import { saveBase64 } from '../../../shared/lib/download';
import { ApiError } from '../../../shared/lib/http';
import { toast } from '../../../shared/lib/notify';
import { EmptyState } from '../../../shared/ui';
import { HashText } from '../../../shared/ui/HashText';
import { signedFile, signEvidence, signEvidencePackage } from '../api';
import {
  allOkText,
  checkVerdict,
  failedChecks,
  intentMethodText,
  providerText,
  realnameMethodText,
  realnamePassed,
  realnameResultText,
  shownChecks,
  versionText,
} from '../lib/evidence';
import { NotMember } from './NotMember';
import { usePageStyles } from './styles';
import { useMember } from './useMember';

const E = tEvidence;
const COPY = { label: E.copy, done: E.copied, failed: E.copyFailed };
/** the public check of a file against what was signed */
export const VERIFY_PATH = '/m/verify';

const useStyles = makeStyles({
  headActions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  headText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  checks: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(13rem, 1fr))',
    gap: tokens.spacingHorizontalM,
    margin: `${tokens.spacingVerticalM} 0`,
  },
  checkCell: { display: 'flex' },
  check: {
    flexGrow: 1,
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteGreenBorder1}`,
    backgroundColor: tokens.colorPaletteGreenBackground1,
  },
  checkBad: {
    border: `${tokens.strokeWidthThick} solid ${tokens.colorPaletteRedBorder2}`,
    backgroundColor: tokens.colorPaletteRedBackground1,
  },
  checkIcon: { fontSize: tokens.fontSizeBase600, flexShrink: 0, color: tokens.colorPaletteGreenForeground1 },
  checkIconBad: { color: tokens.colorPaletteRedForeground1 },
  checkBody: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  checkHead: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  detailBad: { color: tokens.colorPaletteRedForeground1 },
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(20rem, 1fr))', gap: tokens.spacingHorizontalM },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  wide: { gridColumn: '1 / -1' },
  cardTitle: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalS,
    borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorBrandStroke1}`,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  rows: { display: 'flex', flexDirection: 'column', margin: 0 },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(6rem, auto) minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} 0`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  stacked: { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: tokens.spacingVerticalXS },
  label: { color: tokens.colorNeutralForeground3, margin: 0 },
  value: { margin: 0, overflowWrap: 'anywhere', minWidth: 0 },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
});

type Row = { label: string; value: ReactNode; testId?: string; stacked?: boolean };

function Card({ title, rows, children, testId, wide }: { title: string; rows: Row[]; children?: ReactNode; testId: string; wide?: boolean }) {
  const s = useStyles();
  const page = usePageStyles();
  return (
    <section className={mergeClasses(page.panel, s.card, wide && s.wide)} data-testid={testId} aria-label={title}>
      <Text as="h2" className={s.cardTitle}>
        {title}
      </Text>
      {children}
      {rows.length > 0 && (
        <dl className={s.rows}>
          {rows.map((r) => (
            <div key={r.label} className={mergeClasses(s.row, r.stacked && s.stacked)}>
              <dt className={s.label}>{r.label}</dt>
              <dd className={s.value} data-testid={r.testId}>
                {r.value}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function CheckItem({ name, check, testId }: { name: string; check: EvidenceCheck; testId: string }) {
  const s = useStyles();
  const Icon = check.ok ? CheckmarkCircleFilled : DismissCircleFilled;
  return (
    <div className={mergeClasses(s.check, !check.ok && s.checkBad)} data-testid={testId} data-ok={check.ok}>
      <Icon className={mergeClasses(s.checkIcon, !check.ok && s.checkIconBad)} aria-hidden />
      <div className={s.checkBody}>
        <div className={s.checkHead}>
          <Text weight="semibold">{name}</Text>
          <Badge appearance={check.ok ? 'tint' : 'filled'} color={check.ok ? 'success' : 'danger'} data-testid={`${testId}-verdict`}>
            {checkVerdict(check)}
          </Badge>
        </div>
        <Text size={200} className={check.ok ? undefined : s.detailBad}>
          {check.detail}
        </Text>
      </div>
    </div>
  );
}

/**
 * 签署证据 (/employment/evidence/{task worker id}): who signed which agreement version (its file's
 * SHA-256), the real-name and intent checks, the trusted timestamp, where from and when — signed
 * at e签宝, also the flow and the signed file (its SHA-256 after signing; 下载签署后文件) — and the
 * checks the server made again as the page opened, a failed one unmistakable; 下载证据包.
 */
export function EvidencePage({ id }: { id: number }) {
  const page = usePageStyles();
  const s = useStyles();
  const [, navigate] = useLocation();
  const allowed = useMember();
  const [data, setData] = useState<SignEvidenceData | null>(null);
  const [failure, setFailure] = useState<{ text: string; retry: boolean } | null>(null);
  const load = useCallback(() => {
    setFailure(null);
    setData(null);
    signEvidence(id).then(setData, (e: unknown) =>
      // a refusal (no signature yet, not this company's) says why; a failed request may be retried
      setFailure(e instanceof ApiError ? { text: e.message, retry: false } : { text: E.loadFailed, retry: true }),
    );
  }, [id]);
  useEffect(() => {
    if (allowed) load();
  }, [allowed, load]);

  if (allowed === false) return <NotMember />;
  if (failure)
    return (
      <section className={page.panel} data-testid="evidence-failed">
        <EmptyState
          text={failure.text}
          action={
            failure.retry ? (
              <Button onClick={load}>{t.state.retry}</Button>
            ) : (
              <Button onClick={() => (history.length > 1 ? history.back() : navigate('/employment'))}>{E.backShort}</Button>
            )
          }
        />
      </section>
    );
  if (!data)
    return (
      <section className={page.panel}>
        <div className={page.center}>
          <Spinner label={t.state.loadingOverlay} />
        </div>
      </section>
    );

  const failed = failedChecks(data.checks);
  const download = async () => {
    try {
      const f = await signEvidencePackage(data.id);
      saveBase64(f.filename, f.content_base64);
      toast('success', E.downloaded);
    } catch {
      // told by the request layer
    }
  };
  const downloadSigned = async () => {
    try {
      const f = await signedFile(data.id);
      saveBase64(f.filename, f.content_base64);
      toast('success', E.flow.downloaded);
    } catch {
      // told by the request layer
    }
  };
  const taskHref = `/employment/task/${data.task.id}/${encodeURIComponent(data.task.name)}`;
  const rn = data.realname;
  const flow = data.sign_flow;

  return (
    <div className={page.root} data-testid="evidence-page">
      <section className={page.panel}>
        <div className={page.head}>
          <div className={s.headText}>
            <Text as="h1" size={500} weight="semibold">
              {E.title}
            </Text>
            <Text data-testid="evidence-of">{E.of(data.signer.name, data.task.name)}</Text>
            <Text className={page.small}>
              {data.company_name} · {E.signedAt(data.signed_at)}
            </Text>
          </div>
          <div className={s.headActions}>
            <Link href={taskHref} onClick={(e) => (e.preventDefault(), navigate(taskHref))} data-testid="evidence-back">
              {E.back}
            </Link>
            <Link href={VERIFY_PATH} target="_blank" rel="noopener" data-testid="evidence-verify-link">
              {E.verify} <OpenRegular aria-hidden />
            </Link>
            <Button appearance="primary" icon={<ArrowDownloadRegular />} onClick={() => void download()} data-testid="evidence-download">
              {E.download}
            </Button>
          </div>
        </div>
        <MessageBar intent={failed.length ? 'error' : 'success'} data-testid="evidence-summary" data-failed={failed.length}>
          <MessageBarBody>{failed.length ? E.someFailed(failed.length) : allOkText(data.checks)}</MessageBarBody>
        </MessageBar>
        <div className={s.checks} role="list" aria-label={E.checksTitle}>
          {shownChecks(data.checks).map(({ key, check }) => (
            <div role="listitem" key={key} className={s.checkCell}>
              <CheckItem name={E.checks[key] ?? key} check={check} testId={`evidence-check-${key}`} />
            </div>
          ))}
        </div>
        <Text block size={200} className={page.small}>
          {E.checksNote} · {E.verifyHint}
        </Text>
      </section>

      <div className={s.cards}>
        <Card
          title={E.signer.title}
          testId="evidence-signer"
          rows={[
            { label: E.signer.name, value: data.signer.name },
            { label: E.signer.id, value: data.signer.id_mask },
            { label: E.signer.mobile, value: data.signer.mobile_mask },
          ]}
        />
        <Card
          title={E.agreement.title}
          testId="evidence-agreement"
          rows={[
            { label: E.agreement.name, value: data.agreement.name },
            { label: E.agreement.version, value: versionText(data.agreement.version) },
            { label: E.agreement.file, value: data.agreement.file_name },
            {
              label: flow ? E.agreement.shaBefore : E.agreement.sha,
              value: <HashText value={data.agreement.sha256} copy={COPY} testId="evidence-agreement-sha" />,
              stacked: true,
            },
          ]}
        />
        {flow && (
          <Card
            title={E.flow.title}
            testId="evidence-flow"
            rows={[
              { label: E.flow.provider, value: flow.provider },
              { label: E.flow.id, value: <span className={s.mono}>{flow.sign_flow_id}</span> },
              { label: E.flow.willingness, value: flow.willingness },
              { label: E.flow.file, value: flow.signed_file_name },
              { label: E.flow.sha, value: <HashText value={flow.signed_sha256} copy={COPY} testId="evidence-signed-sha" />, stacked: true },
            ]}
          >
            <Text size={200} className={page.small}>
              {E.flow.note}
            </Text>
            <div>
              <Button icon={<ArrowDownloadRegular />} onClick={() => void downloadSigned()} data-testid="evidence-signed-download">
                {E.flow.download}
              </Button>
            </div>
          </Card>
        )}
        <Card
          title={E.realname.title}
          testId="evidence-realname"
          rows={
            rn
              ? [
                  { label: E.realname.provider, value: providerText(rn.provider) },
                  { label: E.realname.method, value: realnameMethodText(rn.method) },
                  {
                    label: E.realname.result,
                    value: (
                      <Badge appearance="tint" color={realnamePassed(rn.result) ? 'success' : 'danger'}>
                        {realnameResultText(rn.result)}
                      </Badge>
                    ),
                  },
                  { label: E.realname.verifyId, value: <span className={s.mono}>{rn.verify_id}</span> },
                  { label: E.realname.at, value: rn.checked_at },
                ]
              : []
          }
        >
          {!rn && <Text className={page.muted}>{E.realname.none}</Text>}
        </Card>
        <Card
          title={E.intent.title}
          testId="evidence-intent"
          rows={[
            { label: E.intent.method, value: intentMethodText(data.intent.method) },
            { label: E.intent.mobile, value: data.intent.mobile_mask },
            { label: E.intent.sentAt, value: data.intent.sent_at },
            { label: E.intent.verifiedAt, value: data.intent.verified_at },
          ]}
        />
        <Card
          title={E.timestamp.title}
          testId="evidence-timestamp"
          rows={[
            { label: E.timestamp.tsa, value: data.timestamp.tsa },
            { label: E.timestamp.serial, value: <span className={s.mono}>{data.timestamp.serial}</span> },
            { label: E.timestamp.time, value: data.timestamp.time },
          ]}
        />
        <Card
          title={E.env.title}
          testId="evidence-env"
          rows={[
            { label: E.env.ip, value: <span className={s.mono}>{data.ip}</span> },
            { label: E.env.ua, value: <span className={s.mono}>{data.user_agent}</span>, stacked: true },
          ]}
        />
        <Card
          title={E.record.title}
          wide
          testId="evidence-record"
          rows={[
            { label: E.record.signedAt, value: data.signed_at },
            { label: E.record.sha, value: <HashText value={data.record_sha256} copy={COPY} testId="evidence-record-sha" />, stacked: true },
          ]}
        >
          <Text size={200} className={page.small}>
            {E.record.note}
          </Text>
        </Card>
      </div>
    </div>
  );
}
