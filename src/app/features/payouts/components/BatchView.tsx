import { Suspense, useCallback, useEffect, useState } from 'react';
import {
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
  Spinner,
} from '@fluentui/react-components';
import { ReceiptRegular } from '@fluentui/react-icons';
import type { z } from 'zod';
import type { BatchDetail, LogItem } from '../../../../contract/payouts';
import { yuanText } from '../../../../contract/money';
import { rateText } from '../../../../contract/payouts-rules';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { toastSuccess } from '../../../shared/lib/notify';
import { pageAt, type PageAt } from '../../../shared/ui/Pager';
import { batchAction, batchLogs, createBatch, loadBatch } from '../api';
import { PayBadge } from './Badges';
import { lazyChunk } from '../../../shared/lib/chunks';
import { ConfirmDialog } from './ConfirmDialog';
import { Gated } from '../../../shared/ui/Gated';
import { usePayStyles } from './styles';
import { useLocation } from 'wouter';
import { payListHref, receiptHref, runRecordHref } from '../lib/links';
import { ListTable, Pager } from '../../../shared/ui';
import { useBatchLogColumns, useRowColumns } from './batchColumns';

// opened from a row's 修改金额 only: loaded then, not with the page
const AmountDialog = lazyChunk(() => import('./AmountDialog').then((m) => ({ default: m.AmountDialog })));

type Detail = z.infer<typeof BatchDetail>;

/**
 * One batch: header, the pre-calculation, 提交 / 确认发放 / 撤销, its rows and its operation log.
 * 确认发放 is the approver's (财务, 管理员), never the submitter's: the server says why the caller
 * may not approve (batch.approval.blocked) and the button shows it.
 */
export function BatchView({ id, onBack, onChanged, onOpen }: { id: number; onBack: () => void; onChanged: () => void; onOpen: (id: number) => void }) {
  const s = usePayStyles();
  const m = tPay.detail;
  const [b, setB] = useState<Detail | null>(null);
  const [logs, setLogs] = useState<z.infer<typeof LogItem>[]>([]);
  const [dialog, setDialog] = useState<'confirm' | 'close' | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<{ id: number; name: string; amount: number } | null>(null);
  const [, navigate] = useLocation();
  const rowColumns = useRowColumns();
  const logColumns = useBatchLogColumns();
  // the page of rows shown (issue 34: a batch of thousands is paged; next / previous by cursor)
  const [at, setAt] = useState<PageAt>({ page: 1 });
  const reload = useCallback(() => {
    loadBatch(id, at).then(setB, () => undefined);
    batchLogs(id).then(
      (l) => setLogs(l.list),
      () => undefined,
    );
  }, [id, at]);
  useEffect(reload, [reload]);
  // 发放中: the channel answers asynchronously; look again every few seconds
  useEffect(() => {
    if (b?.status !== 'paying') return;
    const t = setInterval(() => {
      reload();
      onChanged();
    }, 4000);
    return () => clearInterval(t);
  }, [b?.status, reload, onChanged]);
  if (!b)
    return (
      <div className={s.center}>
        <Spinner />
      </div>
    );
  const act = async (action: 'submit' | 'close') => {
    setBusy(true);
    try {
      const r = await batchAction(b.id, action);
      toastSuccess(r.msg);
      // the answer carries the first page of rows: read the page shown again (and the log)
      reload();
      onChanged();
    } catch {
      /* told */
    } finally {
      setBusy(false);
    }
  };
  const retry = async () => {
    setBusy(true);
    try {
      // an imported list's batch has no task: its failed rows are repaid row by row
      const r = await createBatch(b.task_id ?? 0, b.id);
      toastSuccess(r.msg);
      onChanged();
      onOpen(r.data.id);
    } catch {
      /* told */
    } finally {
      setBusy(false);
    }
  };
  const short = b.debit - b.balance;
  // above the 双人审批额度 the first approver's confirm approves and pays nothing (issue 27)
  const firstApproval = b.approval.needed === 2 && !b.approval.first_approver;
  const F = m.fields;
  const fields: [string, React.ReactNode][] = [
    [F.batch_no, b.batch_no],
    [F.task, b.task_name || tPay.batches.source[b.source]],
    ...(b.parent_no ? ([[F.parent, b.parent_no]] as [string, string][]) : []),
    [F.creator, `${b.creator} ${b.created_at}`],
    [F.count, m.people(b.head_count)],
    [F.gross, yuanText(b.gross)],
    [F.fee, yuanText(b.fee)],
    [F.tax, yuanText(b.tax)],
    [F.net, yuanText(b.net)],
    [F.balance, yuanText(b.balance)],
    [F.status, <PayBadge key="s" kind="batch" status={b.status} />],
  ];
  return (
    <section className={s.panel} data-testid="batch-view" data-status={b.status}>
      <div className={s.head}>
        <Button appearance="subtle" onClick={onBack}>
          {m.back}
        </Button>
        <div className={s.actions}>
          <Link onClick={() => navigate(runRecordHref(b.task_id ?? 0, b.id))} data-testid="batch-logs-link">
            {tPay.records.linkLogs}
          </Link>
          <Link onClick={() => navigate(payListHref(b.task_id ?? 0, b.id))} data-testid="batch-ledger-link">
            {tPay.records.linkLedger}
          </Link>
          {b.row_counts.success > 0 && (
            <Button icon={<ReceiptRegular />} onClick={() => navigate(receiptHref(b.id, 0))} data-testid="batch-receipt">
              {tPay.receipt.batch}
            </Button>
          )}
          {b.status === 'draft' && (
            <Button appearance="primary" disabled={busy} onClick={() => void act('submit')} data-testid="batch-submit">
              {m.submit}
            </Button>
          )}
          {b.status === 'unpaid' && (
            <Gated perm="payout.approve" why={b.approval.blocked}>
              <Button appearance="primary" disabled={busy || short > 0} onClick={() => setDialog('confirm')} data-testid="batch-confirm">
                {firstApproval ? m.firstApprove : m.confirm}
              </Button>
            </Gated>
          )}
          {(b.status === 'draft' || b.status === 'unpaid') && (
            <Button disabled={busy} onClick={() => setDialog('close')} data-testid="batch-close">
              {m.close}
            </Button>
          )}
          {b.status === 'partial' && b.row_counts.failed + b.row_counts.bounced > 0 && (
            <Button appearance="primary" disabled={busy} onClick={() => void retry()} data-testid="batch-retry">
              {m.retry}
            </Button>
          )}
          {b.status === 'paying' && (
            <Button appearance="primary" disabled data-testid="batch-confirm">
              {m.confirm}
            </Button>
          )}
        </div>
      </div>
      <div className={s.fields} data-testid="batch-fields">
        {fields.map(([k, v]) => (
          <div key={k}>
            <span className={s.label}>{k}</span>
            {v}
          </div>
        ))}
      </div>
      {(b.status === 'draft' || b.status === 'unpaid') && (
        <MessageBar intent={short > 0 ? 'warning' : 'info'} style={{ marginTop: 12 }} data-testid="batch-precalc">
          <MessageBarBody>
            <strong>{m.precalc}：</strong>
            {m.precalcText(yuanText(b.gross), yuanText(b.fee), yuanText(b.debit), rateText(b.fee_rate_bp), rateText(b.tax_rate_bp))}
            {short > 0 && ` ${m.short(yuanText(short))}`}
          </MessageBarBody>
        </MessageBar>
      )}
      {b.status === 'unpaid' && (
        <MessageBar intent={b.approval.blocked ? 'warning' : 'info'} style={{ marginTop: 8 }} data-testid="batch-approval">
          <MessageBarBody>
            <strong>{m.approval}：</strong>
            {m.approvalText(b.approval.needed, b.approval.submitter, b.approval.first_approver)}
            {b.approval.blocked && `。${b.approval.blocked}`}
          </MessageBarBody>
        </MessageBar>
      )}
      {b.status === 'paying' && (
        <MessageBar intent="warning" style={{ marginTop: 12 }} data-testid="batch-pending">
          <MessageBarBody>{m.pending}</MessageBarBody>
        </MessageBar>
      )}
      <ListTable
        label={tPay.tabs.batches}
        testId="batch-rows"
        columns={rowColumns}
        items={b.rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-testid': 'batch-row', 'data-status': r.status })}
        actions={(r) => [
          ...(b.status === 'draft' && r.status === 'pending'
            ? [{ key: 'amount', label: tPay.amount.open, onClick: () => setEditing(r), testId: 'row-amount' }]
            : []),
          ...(r.status === 'success'
            ? [{ key: 'receipt', label: tPay.receipt.row, onClick: () => navigate(receiptHref(b.id, r.id)), testId: 'row-receipt' }]
            : []),
        ]}
      />
      {b.rows_page.total > b.rows_page.page_size && (
        <Pager
          page={at.page}
          pageSize={b.rows_page.page_size}
          total={b.rows_page.total}
          onPage={(p) => setAt(pageAt(p, { page: at.page, next: b.rows_page.next, prev: b.rows_page.prev }))}
        />
      )}
      <h3 className={s.sub}>{m.logs}</h3>
      <ListTable label={m.logs} testId="batch-logs" size="small" minWidth="720px" narrowBelow={720} columns={logColumns} items={logs} rowKey={(l) => l.id} />
      {editing && (
        <Suspense fallback={null}>
          <AmountDialog
            batchId={b.id}
            row={editing}
            onClose={(d) => {
              setEditing(null);
              if (!d) return;
              // the row edited is on the page shown, not always the first page the answer carries
              reload();
              onChanged();
            }}
          />
        </Suspense>
      )}
      {dialog === 'confirm' && (
        <ConfirmDialog
          batch={b}
          first={firstApproval}
          onClose={(done) => {
            setDialog(null);
            if (done) {
              reload();
              onChanged();
            }
          }}
        />
      )}
      <Dialog open={dialog === 'close'} onOpenChange={(_, d) => !d.open && setDialog(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{m.close}</DialogTitle>
            <DialogContent>{m.closeConfirm}</DialogContent>
            <DialogActions>
              <Button onClick={() => setDialog(null)}>{m.cancel}</Button>
              <Button appearance="primary" onClick={() => (setDialog(null), void act('close'))} data-testid="batch-close-ok">
                {m.ok}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </section>
  );
}
