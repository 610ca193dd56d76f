import { useState } from 'react';
import { Badge, Button, Tab, TabList, TableCell, TableRow, mergeClasses } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import type { ProofItem } from '../../../../contract/dimission';
import { PROOF_STATUS_CODES } from '../../../../contract/dimission-rules';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { toast } from '../../../shared/lib/notify';
import { PagedTable } from '../../../shared/ui';
import { listProofs, reissueProof, urgeProof, voidProof } from '../api';
import { ReasonDialog } from './Dialogs';
import { SealAction } from './SealAction';
import { StatusBadge } from './StatusBadge';
import { UrgeButton } from './UrgeButton';
import { usePageStyles } from './styles';
import { useList } from './useList';

const TABS = ['all', ...PROOF_STATUS_CODES] as const;
type Status = (typeof TABS)[number];
const COLS = ['name', 'idCard', 'job', 'leave', 'serial', 'status', 'actions'] as const;

/** Reminders of a departure: the proof is due on the departure date; 档案/社保 within 15 days. */
export function DueNotes({ overdue, transferDaysLeft }: { overdue: boolean; transferDaysLeft: number | null }) {
  const s = usePageStyles();
  return (
    <>
      {overdue && (
        <div className={s.danger} data-testid="proof-overdue">
          {tDim.proofs.overdue}
        </div>
      )}
      {transferDaysLeft !== null && <div className={transferDaysLeft < 0 ? s.danger : s.warn}>{tDim.proofs.transfer(transferDaysLeft)}</div>}
    </>
  );
}

/** 离职证明: drafts to issue, issued ones waiting for the employee, voided ones to reissue. */
export function ProofsTab(p: {
  keywords: string;
  version: number;
  onAdd: () => void;
  onPreview: (id: number) => void;
  onEdit: (id: number) => void;
  onChanged: () => void;
  initialStatus?: string | null;
}) {
  const s = usePageStyles();
  const T = tDim.proofs;
  // ?status= from the URL (首页 待出具离职证明 opens the drafts)
  const [status, setStatus] = useState<Status>(() => (TABS.includes(p.initialStatus as Status) ? (p.initialStatus as Status) : 'all'));
  const [page, setPage] = useState(1);
  const { data, failed, reload } = useList(() => listProofs({ status, keywords: p.keywords || undefined, page }), [status, p.keywords, page, p.version]);
  const [voiding, setVoiding] = useState<ProofItem | null>(null);
  const reissue = async (x: ProofItem) => {
    try {
      const r = await reissueProof(x.id);
      toast('success', T.reissued);
      p.onChanged();
      p.onPreview(r.id);
    } catch {
      // told by the request layer
    }
  };
  return (
    <>
      <div className={s.head}>
        <TabList size="small" selectedValue={status} onTabSelect={(_, d) => (setStatus(d.value as Status), setPage(1))}>
          {TABS.map((k) => (
            <Tab key={k} value={k} data-testid={`proof-tab-${k}`}>
              {k === 'all' ? tDim.all : tDim.proofStatus[k]}
              {data ? `(${data.counts[k]})` : ''}
            </Tab>
          ))}
        </TabList>
        <Button icon={<AddRegular />} onClick={p.onAdd} data-testid="proof-add">
          {T.add}
        </Button>
      </div>
      <PagedTable
        pinLast
        label={tDim.tabs.proofs}
        testId="proof-table"
        headers={COLS.map((c) => T.cols[c])}
        data={data}
        failed={failed}
        onRetry={reload}
        onPage={setPage}
        row={(x) => (
          <TableRow key={x.id} data-testid="proof-row" data-name={x.name} data-status={x.status}>
            <TableCell className={mergeClasses(s.name, s.nowrap)}>{x.name}</TableCell>
            <TableCell className={s.nowrap}>{x.id_card_mask}</TableCell>
            <TableCell className={s.nowrap}>{x.job_name}</TableCell>
            <TableCell className={s.nowrap}>
              {x.leave_date}
              <DueNotes overdue={x.overdue} transferDaysLeft={x.transfer_days_left} />
            </TableCell>
            <TableCell className={s.nowrap} data-testid="proof-serial">
              {x.serial || '—'}
              {x.issued_at && <div className={s.small}>{T.issuedAt(x.issued_at.slice(0, 16))}</div>}
            </TableCell>
            <TableCell className={s.nowrap}>
              <StatusBadge kind="proof" status={x.status} />
              {x.viewed_at && <div className={s.small}>{T.viewedAt(x.viewed_at.slice(0, 16), x.view_count)}</div>}
              {x.status === 'void' && <div className={s.small}>{T.voidReasonOf(x.void_reason)}</div>}
              {x.seal === 'sealed' && (
                <div>
                  <Badge appearance="tint" color="brand" size="small" data-testid="proof-sealed">
                    {T.sealed}
                  </Badge>
                </div>
              )}
            </TableCell>
            <TableCell>
              <div className={`${s.actions} ${s.nowrap}`}>
                {x.status === 'draft' && (
                  <Button size="small" appearance="transparent" onClick={() => p.onEdit(x.id)} data-testid="proof-edit">
                    {T.edit}
                  </Button>
                )}
                <Button size="small" appearance="transparent" onClick={() => p.onPreview(x.id)} data-testid="proof-preview-open">
                  {T.preview}
                </Button>
                {(x.status === 'issued' || x.status === 'viewed') && (
                  <Button size="small" appearance="transparent" onClick={() => setVoiding(x)} data-testid="proof-void">
                    {T.void}
                  </Button>
                )}
                {x.status === 'void' && (
                  <Button size="small" appearance="transparent" onClick={() => void reissue(x)} data-testid="proof-reissue">
                    {T.reissue}
                  </Button>
                )}
                {data?.e_seal && (x.status === 'issued' || x.status === 'viewed') && x.seal !== 'sealed' && <SealAction x={x} onDone={reload} />}
                {x.status === 'issued' && <UrgeButton lastUrgedAt={x.last_urged_at} urgedToday={x.urged_today} urge={() => urgeProof(x.id)} onDone={reload} />}
              </div>
            </TableCell>
          </TableRow>
        )}
      />
      <ReasonDialog
        open={voiding !== null}
        title={T.voidTitle}
        label={T.voidReason}
        placeholder={T.voidPh}
        missing={T.needVoidReason}
        onCancel={() => setVoiding(null)}
        onSubmit={async (reason) => {
          await voidProof(voiding!.id, reason);
          setVoiding(null);
          toast('success', T.voided);
          p.onChanged();
        }}
      />
    </>
  );
}
