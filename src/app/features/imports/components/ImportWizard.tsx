import { useEffect, useRef, useState, type DragEvent } from 'react';
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Tab,
  TabList,
  Text,
  mergeClasses,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular, DocumentTableRegular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import { IMPORT_MAX_ROWS, IMPORT_TYPE_DEFS, IMPORT_TYPE_NAMES, isImportType, type ImportBatchDetail } from '../../../../contract/imports';
import { requireMember } from '../../../shared/dialogs/store';
import { tImport } from '../../../shared/i18n/zh-CN.imports';
import { toast } from '../../../shared/lib/notify';
import { EmptyState } from '../../../shared/ui';
import { commitBatch, downloadErrors, downloadTemplate, uploadFile } from '../api';
import { fileProblem, readBase64, saveFile } from '../lib/file';
import { IssueTable } from './IssueTable';
import { useImportStyles } from './styles';
import { useSnapshot } from 'valtio';
import { session } from '../../../shared/session';

type Phase = 'idle' | 'reading' | 'uploading' | 'committing';

/** /bulkImport/{type}: 下载模板 → 上传文件 → 数据校验 → 确认导入 (all rows or none). */
export function ImportWizard({ type }: { type: string }) {
  // the tax service's type (issue 14) only for a company with the tax flag
  const taxOn = Boolean(useSnapshot(session).member?.is_pay_taxe);
  const s = useImportStyles();
  const [, navigate] = useLocation();
  const [allowed, setAllowed] = useState<boolean | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<ImportBatchDetail | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setAllowed(requireMember()), []);
  useEffect(() => {
    setReport(null);
    setProblem(null);
  }, [type]);

  const tabs = (
    <TabList selectedValue={type} onTabSelect={(_, d) => navigate(`/bulkImport/${String(d.value)}`)} aria-label={tImport.types}>
      {IMPORT_TYPE_NAMES.filter((k) => k !== 'tax' || taxOn).map((k) => (
        <Tab key={k} value={k} data-testid={`import-type-${k}`}>
          {IMPORT_TYPE_DEFS[k].label}
        </Tab>
      ))}
    </TabList>
  );
  const head = (
    <div className={s.head}>
      {tabs}
      <Link onClick={() => navigate('/import-batch')} data-testid="import-to-batches">
        {tImport.viewBatches}
      </Link>
    </div>
  );

  if (!isImportType(type))
    return (
      <section className={s.panel}>
        {head}
        <EmptyState text={tImport.unknownType} description={tImport.unknownTypeHint} />
      </section>
    );
  const def = IMPORT_TYPE_DEFS[type];
  if (allowed === false)
    return (
      <section className={s.panel}>
        {head}
        <EmptyState text={tImport.title} description={tImport.allOrNothing} />
      </section>
    );

  const busy = phase !== 'idle';
  const template = async () => {
    if (!requireMember()) return;
    try {
      saveFile(await downloadTemplate(type));
    } catch {
      // shown by the request layer
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file || busy || !requireMember()) return;
    const p = fileProblem(file);
    if (p) {
      const msg = p === 'size' ? tImport.tooLarge : p === 'type' ? tImport.wrongType : tImport.noIssues;
      setProblem(msg);
      toast('error', msg);
      return;
    }
    setProblem(null);
    setReport(null);
    try {
      setPhase('reading');
      const b64 = await readBase64(file);
      setPhase('uploading');
      setReport(await uploadFile(type, file.name, b64));
    } catch (e) {
      // the request layer toasted; keep the reason on screen too
      if (e instanceof Error && 'code' in e) setProblem(e.message);
    } finally {
      setPhase('idle');
      if (input.current) input.current.value = '';
    }
  };

  const commit = async () => {
    if (!report) return;
    setConfirming(false);
    setPhase('committing');
    try {
      const batch = await commitBatch(report.batch.id);
      setReport({ ...report, batch });
      toast('success', tImport.imported(batch.imported_count));
    } catch {
      // 409 with the reason: reload the batch's state from the answer next time; show it failed
      setReport({ ...report, batch: { ...report.batch, status: 'failed' } });
    } finally {
      setPhase('idle');
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void upload(e.dataTransfer.files[0]);
  };

  const b = report?.batch;
  const progress = phase === 'reading' ? 0.1 : phase === 'idle' ? 1 : undefined;
  return (
    <div className={s.root}>
      <section className={s.panel}>
        {head}
        <div className={s.step}>
          <Text className={s.stepTitle}>1. {tImport.steps[0]}</Text>
          <Text className={s.muted}>{tImport.templateHint}</Text>
          <div className={s.chips} aria-label={tImport.columns}>
            {def.columns.map((c) => (
              <Badge key={c.key} appearance={c.required ? 'filled' : 'outline'} color={c.required ? 'brand' : 'informative'}>
                {c.header}
                {c.required ? ' *' : ''}
              </Badge>
            ))}
          </div>
          <div className={s.row}>
            <Button icon={<ArrowDownloadRegular />} onClick={() => void template()} data-testid="import-template">
              {tImport.template}
            </Button>
            <Text className={s.small}>{tImport.allOrNothing}</Text>
          </div>
        </div>
      </section>

      <section className={s.panel}>
        <div className={s.step}>
          <Text className={s.stepTitle}>2. {tImport.steps[1]}</Text>
          <div
            className={mergeClasses(s.drop, over && s.dropActive)}
            // a click anywhere on the zone opens the picker; keyboard and screen readers use the
            // 选择文件 button inside (one control, not a button nested in a button — axe, issue 18)
            onClick={() => input.current?.click()}
            onDragOver={(e) => {
              e.preventDefault();
              setOver(true);
            }}
            onDragLeave={() => setOver(false)}
            onDrop={onDrop}
            data-testid="import-drop"
          >
            <DocumentTableRegular className={s.dropIcon} />
            <Text>
              {tImport.drop}
              <Link
                as="button"
                disabled={busy}
                onClick={(e) => {
                  e.stopPropagation();
                  input.current?.click();
                }}
              >
                {tImport.pick}
              </Link>
            </Text>
            <Text className={s.small} data-testid="import-limits">
              {tImport.limits(IMPORT_MAX_ROWS)}
            </Text>
            <input
              ref={input}
              className={s.hidden}
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => void upload(e.target.files?.[0])}
              data-testid="import-file"
            />
          </div>
          {problem && (
            <MessageBar intent="error" data-testid="import-problem">
              <MessageBarBody>{problem}</MessageBarBody>
            </MessageBar>
          )}
          {busy && (
            <div className={s.step} data-testid="import-progress">
              <ProgressBar value={progress} thickness="large" />
              <Text className={s.small}>{tImport.phase[phase]}</Text>
            </div>
          )}
        </div>
      </section>

      {report && b && (
        <section className={s.panel} data-testid="import-report">
          <div className={s.step}>
            <div className={s.head}>
              <Text className={s.stepTitle}>{b.status === 'success' ? `4. ${tImport.steps[3]}` : `3. ${tImport.steps[2]}`}</Text>
              <Text className={s.small}>
                {tImport.batchesTitle}：{b.batch_no}
              </Text>
            </div>
            <Text className={s.summary} data-testid="import-summary">
              {tImport.summary(b.total, b.ok_count, b.fail_count)}
            </Text>
            {b.warn_count > 0 && <Text className={s.muted}>{tImport.warnings(b.warn_count)}</Text>}
            {b.duplicate_of && (
              <MessageBar intent="warning" data-testid="import-duplicate">
                <MessageBarBody>{tImport.duplicateOf(b.duplicate_of)}</MessageBarBody>
              </MessageBar>
            )}
            {b.status === 'success' ? (
              <MessageBar intent="success" data-testid="import-done">
                <MessageBarBody>
                  {tImport.imported(b.imported_count)} <Link onClick={() => navigate('/import-batch')}>{tImport.viewBatches}</Link>
                  {type === 'payout' && (
                    <>
                      {' · '}
                      <Link onClick={() => navigate(`/special/batch/0/${tImport.allPayoutBatches}`)} data-testid="import-to-payouts">
                        {tImport.toPayouts}
                      </Link>
                    </>
                  )}
                </MessageBarBody>
              </MessageBar>
            ) : b.status === 'failed' ? (
              <MessageBar intent="error" data-testid="import-failed">
                <MessageBarBody>{b.message || tImport.fixAndRetry}</MessageBarBody>
              </MessageBar>
            ) : (
              <MessageBar intent="success">
                <MessageBarBody>{tImport.allValid}</MessageBarBody>
              </MessageBar>
            )}
            {report.issues_total > 0 && <IssueTable batchId={b.id} first={report.issues} total={report.issues_total} />}
            <div className={s.actions}>
              {report.issues_total > 0 && (
                <Button
                  icon={<ArrowDownloadRegular />}
                  onClick={() => void downloadErrors(b.id).then(saveFile, () => undefined)}
                  data-testid="import-download-errors"
                >
                  {tImport.downloadErrors}
                </Button>
              )}
              {b.status !== 'success' && (
                <Button icon={<ArrowUploadRegular />} onClick={() => input.current?.click()} disabled={busy}>
                  {tImport.reupload}
                </Button>
              )}
              {b.status !== 'success' && (
                <Button appearance="primary" disabled={b.status !== 'pending' || busy} onClick={() => setConfirming(true)} data-testid="import-commit">
                  {tImport.commit}
                </Button>
              )}
            </div>
          </div>
        </section>
      )}

      <Dialog open={confirming} onOpenChange={(_, d) => setConfirming(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{tImport.confirmTitle}</DialogTitle>
            <DialogContent>{b ? tImport.confirmBody(b.total, def.label) : null}</DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(false)}>{tImport.cancel}</Button>
              <Button appearance="primary" onClick={() => void commit()} data-testid="import-commit-confirm">
                {tImport.ok}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
