import { useState } from 'react';
import { Button, Tab, TabList, Tooltip } from '@fluentui/react-components';
import type { RequestItem } from '../../../../contract/dimission';
import { REQUEST_STATUS_CODES } from '../../../../contract/dimission-rules';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { toast } from '../../../shared/lib/notify';
import { refreshUrge } from '../../../shared/session/actions';
import { PagedTable, type Column } from '../../../shared/ui';
import { handoverDone, listRequests, rejectRequest, revealRequestMobile, urgeRequest } from '../api';
import { ApproveDialog } from './ApproveDialog';
import { ConfirmDialog, ReasonDialog } from './Dialogs';
import { Reveal } from './Reveal';
import { StatusBadge } from './StatusBadge';
import { UrgeButton } from './UrgeButton';
import { usePageStyles } from './styles';
import { useList } from './useList';

const TABS = ['all', ...REQUEST_STATUS_CODES] as const;
type Status = (typeof TABS)[number];

/** The columns (shared/ui ListTable): below 1180 px the secondary ones go to a row's 详情. */
function useColumns(): Column<RequestItem>[] {
  const s = usePageStyles();
  const C = tDim.requests.cols;
  return [
    { key: 'name', header: C.name, cell: (r) => <span className={s.name}>{r.employee_name}</span>, nowrap: true },
    {
      key: 'mobile',
      header: C.mobile,
      cell: (r) => <Reveal mask={r.mobile_mask} load={() => revealRequestMobile(r.id)} />,
      nowrap: true,
      priority: 'secondary',
    },
    { key: 'dept', header: C.dept, cell: (r) => r.dept_name, nowrap: true, priority: 'secondary' },
    { key: 'job', header: C.job, cell: (r) => r.job_name, nowrap: true },
    { key: 'join', header: C.join, cell: (r) => r.join_date ?? '—', nowrap: true, priority: 'secondary' },
    { key: 'lastDay', header: C.lastDay, cell: (r) => r.last_day ?? '—', nowrap: true },
    { key: 'type', header: C.type, cell: (r) => r.type_label, nowrap: true, priority: 'secondary' },
    {
      key: 'reason',
      header: C.reason,
      priority: 'secondary',
      cell: (r) => (
        <Tooltip content={r.reason || '—'} relationship="description">
          <div className={s.reason}>{r.reason || '—'}</div>
        </Tooltip>
      ),
    },
    { key: 'submitted', header: C.submitted, cell: (r) => r.submitted_at.slice(0, 16), nowrap: true, className: s.small, priority: 'secondary' },
    {
      key: 'status',
      header: C.status,
      nowrap: true,
      cell: (r) => (
        <>
          <StatusBadge kind="request" status={r.status} />
          {r.status === 'rejected' && <div className={s.small}>{tDim.requests.rejectReasonOf(r.reject_reason)}</div>}
          {(r.status === 'approved' || r.status === 'left') && r.handover_name && <div className={s.small}>{tDim.requests.handoverOf(r.handover_name)}</div>}
        </>
      ),
    },
  ];
}

/** 离职申请: the company's resignation requests; 同意 / 退回 / 交接完成 / 催办. */
export function RequestsTab({
  keywords,
  version,
  onChanged,
  initialStatus,
}: {
  keywords: string;
  version: number;
  onChanged: () => void;
  initialStatus?: string | null;
}) {
  const s = usePageStyles();
  const columns = useColumns();
  const T = tDim.requests;
  // ?status= from the URL (首页 待处理离职申请 opens the pending ones)
  const [status, setStatus] = useState<Status>(() => (TABS.includes(initialStatus as Status) ? (initialStatus as Status) : 'all'));
  const [page, setPage] = useState(1);
  const { data, failed, reload } = useList(() => listRequests({ status, keywords: keywords || undefined, page }), [status, keywords, page, version]);
  const [approving, setApproving] = useState<RequestItem | null>(null);
  const [rejecting, setRejecting] = useState<RequestItem | null>(null);
  const [leaving, setLeaving] = useState<RequestItem | null>(null);
  const changed = () => {
    reload();
    onChanged();
    void refreshUrge().catch(() => {});
  };

  return (
    <>
      <TabList size="small" selectedValue={status} onTabSelect={(_, d) => (setStatus(d.value as Status), setPage(1))}>
        {TABS.map((k) => (
          <Tab key={k} value={k} data-testid={`request-tab-${k}`}>
            {k === 'all' ? tDim.all : tDim.requestStatus[k]}
            {data ? `(${data.counts[k]})` : ''}
          </Tab>
        ))}
      </TabList>
      <PagedTable
        label={tDim.tabs.requests}
        testId="request-table"
        data={data}
        failed={failed}
        onRetry={reload}
        onPage={setPage}
        columns={columns}
        narrowBelow={1180}
        rowProps={(r) => ({ 'data-testid': 'request-row', 'data-name': r.employee_name })}
        actions={(r) => (
          <div className={s.actions}>
            {r.status === 'pending' && (
              <>
                <Button size="small" appearance="transparent" onClick={() => setApproving(r)} data-testid="request-approve">
                  {T.approve}
                </Button>
                <Button size="small" appearance="transparent" onClick={() => setRejecting(r)} data-testid="request-reject">
                  {T.reject}
                </Button>
              </>
            )}
            {r.status === 'approved' && (
              <>
                <Button size="small" appearance="transparent" onClick={() => setLeaving(r)} data-testid="request-handover">
                  {T.handover}
                </Button>
                <UrgeButton lastUrgedAt={r.last_urged_at} urgedToday={r.urged_today} urge={() => urgeRequest(r.id)} onDone={reload} />
              </>
            )}
          </div>
        )}
      />
      <ApproveDialog
        item={approving}
        onClose={() => setApproving(null)}
        onDone={() => {
          setApproving(null);
          toast('success', T.approved);
          changed();
        }}
      />
      <ReasonDialog
        open={rejecting !== null}
        title={T.rejectTitle}
        intro={T.rejectIntro}
        label={T.rejectReason}
        placeholder={T.rejectPh}
        missing={T.needReason}
        onCancel={() => setRejecting(null)}
        onSubmit={async (reason) => {
          await rejectRequest(rejecting!.id, reason);
          setRejecting(null);
          toast('success', T.rejected);
          changed();
        }}
      />
      <ConfirmDialog
        open={leaving !== null}
        title={T.handover}
        onCancel={() => setLeaving(null)}
        onConfirm={() => {
          const r = leaving!;
          setLeaving(null);
          handoverDone(r.id).then(
            () => {
              toast('success', T.left);
              changed();
            },
            () => {},
          );
        }}
      >
        {T.handoverConfirm}
      </ConfirmDialog>
    </>
  );
}
