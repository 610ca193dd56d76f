import { useState } from 'react';
import { Button, Tab, TabList, TableCell, TableRow, Tooltip, mergeClasses } from '@fluentui/react-components';
import type { RequestItem } from '../../../../contract/dimission';
import { REQUEST_STATUS_CODES } from '../../../../contract/dimission-rules';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { toast } from '../../../shared/lib/notify';
import { refreshUrge } from '../../../shared/session/actions';
import { PagedTable } from '../../../shared/ui';
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
const COLS = ['name', 'mobile', 'dept', 'job', 'join', 'lastDay', 'type', 'reason', 'submitted', 'status', 'actions'] as const;

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
      <div className={s.stickyActions}>
        <PagedTable
          label={tDim.tabs.requests}
          testId="request-table"
          headers={COLS.map((c) => T.cols[c])}
          data={data}
          failed={failed}
          onRetry={reload}
          onPage={setPage}
          row={(r) => (
            <TableRow key={r.id} data-testid="request-row" data-name={r.employee_name}>
              <TableCell>
                <span className={`${s.name} ${s.nowrap}`}>{r.employee_name}</span>
              </TableCell>
              <TableCell className={s.nowrap}>
                <Reveal mask={r.mobile_mask} load={() => revealRequestMobile(r.id)} />
              </TableCell>
              <TableCell className={s.nowrap}>{r.dept_name}</TableCell>
              <TableCell className={s.nowrap}>{r.job_name}</TableCell>
              <TableCell className={s.nowrap}>{r.join_date ?? '—'}</TableCell>
              <TableCell className={s.nowrap}>{r.last_day ?? '—'}</TableCell>
              <TableCell className={s.nowrap}>{r.type_label}</TableCell>
              <TableCell>
                <Tooltip content={r.reason || '—'} relationship="description">
                  <div className={s.reason}>{r.reason || '—'}</div>
                </Tooltip>
              </TableCell>
              <TableCell className={mergeClasses(s.small, s.nowrap)}>{r.submitted_at.slice(0, 16)}</TableCell>
              <TableCell className={s.nowrap}>
                <StatusBadge kind="request" status={r.status} />
                {r.status === 'rejected' && <div className={s.small}>{T.rejectReasonOf(r.reject_reason)}</div>}
                {(r.status === 'approved' || r.status === 'left') && r.handover_name && <div className={s.small}>{T.handoverOf(r.handover_name)}</div>}
              </TableCell>
              <TableCell>
                <div className={`${s.actions} ${s.nowrap}`}>
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
              </TableCell>
            </TableRow>
          )}
        />
      </div>
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
