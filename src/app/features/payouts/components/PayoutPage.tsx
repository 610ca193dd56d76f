import { Suspense, useCallback, useEffect, useState } from 'react';
import { Button, Link, Spinner, Tab, TabList, Text } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import type { z } from 'zod';
import type { AccountData, BatchListData } from '../../../../contract/payouts';
import { requireMember } from '../../../shared/dialogs/store';
import { tPay } from '../../../shared/i18n/zh-CN.payouts';
import { toastSuccess } from '../../../shared/lib/notify';
import { EmptyState, ListTable } from '../../../shared/ui';
import { createBatch, listBatches, loadAccount } from '../api';
import { useLacks } from '../../../shared/session';
import { AccountCard } from './AccountCard';
import { Gated, NoAccess } from '../../../shared/ui/Gated';
import { useBatchColumns } from './batchColumns';
import { BatchView } from './BatchView';
import { usePayStyles } from './styles';
import { useLocation } from 'wouter';
import { payListHref, runRecordHref } from '../lib/links';
import { lazyChunk } from '../../../shared/lib/chunks';

// the quarterly export is opened a few times a year: loaded then, not with the page
// the ledger tab (with its type filter's Dropdown) is the second tab: loaded when opened
const LedgerTable = lazyChunk(() => import('./LedgerTable').then((m) => ({ default: m.LedgerTable })));
const QuarterDialog = lazyChunk(() => import('./QuarterDialog').then((m) => ({ default: m.QuarterDialog })));

/** /special/batch/{taskId}/{name}: the account, the task's payout batches, one batch, the ledger. */
export function PayoutPage({ taskId, taskName }: { taskId: number; taskName: string }) {
  const s = usePayStyles();
  const m = tPay.batches;
  const batchColumns = useBatchColumns();
  const [allowed, setAllowed] = useState<boolean | null>(null);
  const [account, setAccount] = useState<z.infer<typeof AccountData> | null>(null);
  const [batches, setBatches] = useState<z.infer<typeof BatchListData> | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [tab, setTab] = useState<'batches' | 'ledger'>('batches');
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [quarter, setQuarter] = useState(false);
  const [, navigate] = useLocation();
  // who may not prepare payouts sees who may, not a page of refused calls (issue 27)
  const prepares = !useLacks()('payout.prepare');
  useEffect(() => setAllowed(requireMember()), []);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    if (!allowed || !prepares) return;
    loadAccount().then(setAccount, () => undefined);
    listBatches(taskId).then(setBatches, () => undefined);
  }, [allowed, prepares, taskId, version]);
  if (allowed === false) return <EmptyState text={tPay.notMember} />;
  if (allowed && !prepares) return <NoAccess perm="payout.prepare" />;
  if (!account || !batches)
    return (
      <div className={s.center}>
        <Spinner />
      </div>
    );
  const create = async () => {
    setBusy(true);
    try {
      const r = await createBatch(taskId);
      toastSuccess(r.msg);
      setOpen(r.data.id);
      refresh();
    } catch {
      /* told */
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={s.root}>
      <div className={s.head}>
        <h2 className={s.title}>{tPay.title(taskId ? taskName : m.allTitle)}</h2>
        <div className={s.actions}>
          <Gated perm="pii.full">
            <Button size="small" icon={<ArrowDownloadRegular />} onClick={() => setQuarter(true)} data-testid="quarter-open">
              {tPay.quarter.open}
            </Button>
          </Gated>
          <Link onClick={() => navigate(runRecordHref(taskId, 0))} data-testid="task-logs-link">
            {tPay.records.linkLogs}
          </Link>
          <Link onClick={() => navigate(payListHref(taskId, 0))} data-testid="task-ledger-link">
            {tPay.records.linkLedger}
          </Link>
        </div>
      </div>
      <AccountCard account={account} onChanged={refresh} />
      {quarter && (
        <Suspense fallback={null}>
          <QuarterDialog onClose={() => setQuarter(false)} />
        </Suspense>
      )}
      {open !== null ? (
        <BatchView key={open} id={open} onBack={() => (setOpen(null), refresh())} onChanged={refresh} onOpen={setOpen} />
      ) : (
        <section className={s.panel}>
          <div className={s.head}>
            <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'batches' | 'ledger')}>
              <Tab value="batches" data-testid="pay-tab-batches">
                {tPay.tabs.batches}({batches.total})
              </Tab>
              <Tab value="ledger" data-testid="pay-tab-ledger">
                {tPay.tabs.ledger}
              </Tab>
            </TabList>
            {tab === 'batches' && (
              <div className={s.actions}>
                <Text className={s.small}>{taskId ? m.createHint : m.importHint}</Text>
                <Button appearance={taskId ? 'secondary' : 'primary'} onClick={() => navigate('/bulkImport/payout')} data-testid="batch-import">
                  {m.importList}
                </Button>
                {taskId > 0 && (
                  <Button appearance="primary" disabled={busy} onClick={() => void create()} data-testid="batch-create">
                    {m.create}
                  </Button>
                )}
              </div>
            )}
          </div>
          {tab === 'ledger' ? (
            <Suspense fallback={<Spinner />}>
              <LedgerTable version={version} />
            </Suspense>
          ) : batches.list.length === 0 ? (
            <EmptyState text={m.empty} />
          ) : (
            <ListTable
              label={tPay.tabs.batches}
              testId="batch-list"
              columns={batchColumns}
              items={batches.list}
              rowKey={(b) => b.id}
              rowProps={(b) => ({ 'data-testid': 'batch-item', 'data-status': b.status })}
              actions={(b) => [{ key: 'open', label: m.view, onClick: () => setOpen(b.id), testId: 'batch-open' }]}
            />
          )}
        </section>
      )}
    </div>
  );
}
