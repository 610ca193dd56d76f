import { Suspense, useCallback, useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Link,
  Spinner,
  Tab,
  TabList,
  TableCell,
  TableRow,
  Text,
  Textarea,
} from '@fluentui/react-components';
import { AddRegular, PeopleAddRegular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import { payUnitLabel, takesWorkers, WORKER_ACTIONS, type WorkerAction } from '../../../../contract/employment-rules';
import { yuanText } from '../../../../contract/money';
import { oneOf } from '../../../../contract/vocab';
import type { TaskWorkerItem } from '../../../../contract/employment';
import { requireMember } from '../../../shared/dialogs/store';
import { t } from '../../../shared/i18n/zh-CN';
import { tEmp } from '../../../shared/i18n/zh-CN.employment';
import { toast } from '../../../shared/lib/notify';
import { PagedTable } from '../../../shared/ui';
import { listWorkers, workerAction } from '../api';
import { lazyChunk } from '../../../shared/lib/chunks';
import { DeliveryPhotos } from './DeliveryPhotos';
import { NotMember } from './NotMember';
import { StatusBadge } from './StatusBadge';
import { useMember } from './useMember';
import { usePageStyles } from './styles';

// the two add dialogs (a Dropdown, the worker picker) load when opened: the page paints without
// them (issue 17: the route's cold cost ≤ 60 KB)
const AddWorkerDialog = lazyChunk(() => import('./AddWorkerDialog').then((m) => ({ default: m.AddWorkerDialog })));
const PickWorkersDialog = lazyChunk(() => import('./PickWorkersDialog').then((m) => ({ default: m.PickWorkersDialog })));

const TABS = ['applied', 'signed', 'delivery', 'settled'] as const;
/** 签署证据 of a task worker (pages/employment-evidence). */
const evidenceHref = (taskWorkerId: number) => `/employment/evidence/${taskWorkerId}`;
type Data = Awaited<ReturnType<typeof listWorkers>>;

/** 管理任务 (/employment/task/{id}/{name}): the people of a task by tab, their signing and delivery, HR's actions. */
export function TaskManage({ id }: { id: number }) {
  const s = usePageStyles();
  const m = tEmp.manage;
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<(typeof TABS)[number]>('applied');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Data | null>(null);
  const [reload, setReload] = useState(0);
  const [dialog, setDialog] = useState<'add' | 'pick' | null>(null);
  const [removing, setRemoving] = useState<TaskWorkerItem | null>(null);
  const [rejecting, setRejecting] = useState<TaskWorkerItem | null>(null);
  const [reason, setReason] = useState('');
  const refresh = useCallback(() => setReload((n) => n + 1), []);
  const allowed = useMember();
  useEffect(() => {
    if (!allowed) return;
    let alive = true;
    listWorkers(id, tab, page).then(
      (d) => alive && setData(d),
      () => alive && navigate('/employment'),
    );
    return () => {
      alive = false;
    };
  }, [allowed, id, tab, page, reload, navigate]);
  useEffect(() => setPage(1), [tab]);

  const act = async (w: TaskWorkerItem, action: WorkerAction, why = '') => {
    if (!requireMember()) return;
    try {
      const { msg } = await workerAction(w.id, action, why);
      toast('success', msg);
      refresh();
    } catch {
      // told by the request layer
    }
  };
  const onAction = (w: TaskWorkerItem, code: string) => {
    // the row's actions as the server listed them
    const a = oneOf(WORKER_ACTIONS, code);
    if (a === 'remove') setRemoving(w);
    else if (a === 'reject') {
      setReason('');
      setRejecting(w);
    } else if (a) void act(w, a);
  };

  if (allowed === false) return <NotMember />;
  if (!data)
    return (
      <section className={s.panel}>
        <div className={s.center}>
          <Spinner label={t.state.loadingOverlay} />
        </div>
      </section>
    );
  const open = takesWorkers(data.task.status);
  const add = (d: 'add' | 'pick') => (open ? setDialog(d) : toast('warning', m.notOpen));

  return (
    <div className={s.root}>
      <section className={s.panel}>
        <div className={s.head}>
          <div className={s.row}>
            <Text as="h1" size={500} weight="semibold">
              {data.task.name}
            </Text>
            <StatusBadge kind="task" status={data.task.status} />
            <Text className={s.muted}>
              {yuanText(data.task.pay_amount)} {payUnitLabel(data.task.pay_unit)}
            </Text>
          </div>
          <div className={s.row}>
            <Button onClick={() => navigate('/bulkImport/workers')} data-testid="manage-import">
              {m.importLink}
            </Button>
            <Button icon={<PeopleAddRegular />} onClick={() => add('pick')} data-testid="manage-pick">
              {m.pick}
            </Button>
            <Button appearance="primary" icon={<AddRegular />} onClick={() => add('add')} data-testid="manage-add">
              {m.add}
            </Button>
          </div>
        </div>
        <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as (typeof TABS)[number])}>
          {TABS.map((k) => (
            <Tab key={k} value={k} data-testid={`manage-tab-${k}`}>
              {m.tabs[k]}({data.counts[k]})
            </Tab>
          ))}
        </TabList>
        {tab === 'settled' && (
          <Link onClick={() => navigate(`/special/batch/${id}/${encodeURIComponent(data.task.name)}`)} data-testid="manage-payouts">
            {m.payoutsLink}
          </Link>
        )}
        <PagedTable
          pinLast
          label={m.tabs[tab] ?? ''}
          testId="manage-table"
          headers={m.cols}
          data={data}
          onPage={setPage}
          emptyText={tEmp.list.empty}
          row={(w) => (
            <TableRow key={w.id} data-testid="manage-row" data-name={w.name}>
              <TableCell>
                <div className={s.name}>{w.name}</div>
                <Link href={w.invite_url} target="_blank" className={s.small} data-testid="manage-worker-page">
                  {m.workerPage}
                </Link>
              </TableCell>
              <TableCell className={s.nowrap}>{w.mobile}</TableCell>
              <TableCell className={s.nowrap}>{w.cert_no}</TableCell>
              <TableCell className={s.nowrap}>{w.bank_card || '—'}</TableCell>
              <TableCell>
                <StatusBadge kind="sign" status={w.sign_status} />
                {w.agreement_version ? <div className={s.small}>v{w.agreement_version}</div> : null}
                {w.sign_status === 'signed' && w.has_evidence && (
                  <div>
                    <Link
                      href={evidenceHref(w.id)}
                      onClick={(e) => (e.preventDefault(), navigate(evidenceHref(w.id)))}
                      className={s.small}
                      data-testid="manage-evidence"
                    >
                      {m.evidence}
                    </Link>
                  </div>
                )}
                {w.sign_status === 'signed' && w.evidence_purged && (
                  <div className={s.small} data-testid="manage-evidence-purged">
                    {m.evidencePurged}
                  </div>
                )}
              </TableCell>
              <TableCell>
                <StatusBadge kind="work" status={w.work_status} />
                {w.delivery_note && <div className={s.small}>{m.note(w.delivery_note)}</div>}
                <DeliveryPhotos name={w.name} photos={w.delivery_photos} />
                {w.work_status === 'accepted' && w.accepted_by && (
                  <div className={s.small} data-testid="manage-accepted-by">
                    {m.acceptedBy(w.accepted_by, w.accepted_at)}
                  </div>
                )}
              </TableCell>
              <TableCell className={s.nowrap}>{yuanText(w.amount)}</TableCell>
              <TableCell>
                <div className={s.actions}>
                  {w.actions.map((a) => (
                    <Button key={a} size="small" appearance="transparent" onClick={() => onAction(w, a)} data-testid={`worker-${a}`}>
                      {m.actions[a]}
                    </Button>
                  ))}
                </div>
              </TableCell>
            </TableRow>
          )}
        />
      </section>
      <Suspense key={dialog} fallback={null}>
        {dialog === 'add' && <AddWorkerDialog taskId={id} onClose={() => setDialog(null)} onAdded={refresh} />}
        {dialog === 'pick' && <PickWorkersDialog taskId={id} onClose={() => setDialog(null)} onAdded={refresh} />}
      </Suspense>
      <Dialog open={removing !== null} onOpenChange={(_, d) => !d.open && setRemoving(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{tEmp.list.confirmTitle}</DialogTitle>
            <DialogContent>{m.confirmRemove}</DialogContent>
            <DialogActions>
              <Button onClick={() => setRemoving(null)}>{m.cancel}</Button>
              <Button
                appearance="primary"
                data-testid="worker-remove-confirm"
                onClick={() => {
                  const w = removing;
                  setRemoving(null);
                  if (w) void act(w, 'remove');
                }}
              >
                {m.ok}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <Dialog open={rejecting !== null} onOpenChange={(_, d) => !d.open && setRejecting(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{m.rejectTitle}</DialogTitle>
            <DialogContent>
              <Field label={m.rejectReason} required>
                <Textarea value={reason} maxLength={200} onChange={(_, d) => setReason(d.value)} data-testid="worker-reject-reason" />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setRejecting(null)}>{m.cancel}</Button>
              <Button
                appearance="primary"
                data-testid="worker-reject-confirm"
                onClick={() => {
                  if (!reason.trim()) {
                    toast('warning', m.rejectNeed);
                    return;
                  }
                  const w = rejecting;
                  setRejecting(null);
                  if (w) void act(w, 'reject', reason.trim());
                }}
              >
                {m.ok}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
