import { useState } from 'react';
import { Button, TableCell, TableRow, Text, Tooltip } from '@fluentui/react-components';
import { legalBasisLabel, legalBasisPrint } from '../../../../contract/dimission-rules';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { useStreamedExport } from '../../../shared/ui/Exporting';
import { toast } from '../../../shared/lib/notify';
import { PagedTable } from '../../../shared/ui';
import { pageAt, type PageAt } from '../../../shared/ui/Pager';
import { exportRecords, listRecords, proofFromRecord, revealRecord, transferDone } from '../api';
import { ConfirmDialog } from './Dialogs';
import { DueNotes } from './ProofsTab';
import { Reveal } from './Reveal';
import { StatusBadge } from './StatusBadge';
import { usePageStyles } from './styles';
import { useList } from './useList';
import { Gated } from '../../../shared/ui/Gated';

const COLS = ['name', 'idCard', 'mobile', 'job', 'entry', 'leave', 'type', 'basis', 'proof', 'actions'] as const;

/** 离职记录: every departure (imported, from a request, typed in) with its proof; export; kept ≥ 2 years. */
export function RecordsTab(p: { keywords: string; version: number; onPreview: (id: number) => void; onEdit: (id: number) => void; onChanged: () => void }) {
  const s = usePageStyles();
  const T = tDim.records;
  // the next / previous page by the shown page's cursor (issue 34)
  const [at, setAt] = useState<PageAt>({ page: 1 });
  const { data, failed, reload } = useList(() => listRecords({ keywords: p.keywords || undefined, ...at }), [p.keywords, at, p.version]);
  const [transferring, setTransferring] = useState<number | null>(null);
  const transfer = () => {
    const id = transferring!;
    setTransferring(null);
    transferDone(id).then(
      () => {
        toast('success', T.transferred);
        p.onChanged();
      },
      () => {},
    );
  };
  const makeProof = async (recordId: number) => {
    try {
      const r = await proofFromRecord(recordId);
      p.onChanged();
      p.onEdit(r.id);
    } catch {
      // told by the request layer
    }
  };
  // the file streams with a progress panel and 取消 for a long one (issue 34)
  const streamed = useStreamedExport();
  const doExport = async () => {
    if (await streamed.run(() => exportRecords(p.keywords || undefined))) toast('success', T.exported);
  };
  return (
    <>
      {streamed.view}
      <div className={s.head}>
        <Text className={s.small}>{T.retention}</Text>
        <Gated perm="pii.full">
          <Button icon={<ArrowDownloadRegular />} disabled={streamed.busy} onClick={() => void doExport()} data-testid="records-export">
            {T.export}
          </Button>
        </Gated>
      </div>
      <PagedTable
        pinLast
        label={tDim.tabs.records}
        testId="record-table"
        headers={COLS.map((c) => T.cols[c])}
        data={data}
        failed={failed}
        onRetry={reload}
        onPage={(n) => setAt(pageAt(n, data))}
        row={(r) => (
          <TableRow key={r.id} data-testid="record-row" data-name={r.name}>
            <TableCell>
              <div className={`${s.name} ${s.nowrap}`}>{r.name}</div>
              <div className={`${s.small} ${s.nowrap}`}>{tDim.source[r.source]}</div>
            </TableCell>
            <TableCell className={s.nowrap}>
              <Reveal askPurpose mask={r.id_card_mask} load={(reason) => revealRecord(r.id, 'id_card', reason)} />
            </TableCell>
            <TableCell className={s.nowrap}>
              <Reveal askPurpose mask={r.mobile_mask} load={(reason) => revealRecord(r.id, 'mobile', reason)} />
            </TableCell>
            <TableCell>
              <div className={s.nowrap}>{r.job_name}</div>
              {r.dept_name && <div className={`${s.small} ${s.nowrap}`}>{r.dept_name}</div>}
            </TableCell>
            <TableCell className={s.nowrap}>{r.entry_date}</TableCell>
            <TableCell className={s.nowrap}>
              {r.leave_date}
              <DueNotes overdue={r.overdue} transferDaysLeft={r.proof?.status === 'void' ? null : r.transfer_days_left} />
            </TableCell>
            <TableCell className={s.nowrap}>{r.leave_type_label}</TableCell>
            <TableCell className={s.nowrap}>
              {r.legal_basis ? (
                <Tooltip content={legalBasisLabel(r.legal_basis)} relationship="description">
                  <span>{legalBasisPrint(r.legal_basis)}</span>
                </Tooltip>
              ) : (
                '—'
              )}
            </TableCell>
            <TableCell className={s.nowrap}>
              {r.proof ? <StatusBadge kind="proof" status={r.proof.status} /> : <span className={s.small}>{T.noProof}</span>}
              {r.proof?.serial && <div className={s.small}>{r.proof.serial}</div>}
            </TableCell>
            <TableCell>
              <div className={`${s.actions} ${s.nowrap}`}>
                {r.transfer_days_left !== null && (
                  <Button size="small" appearance="transparent" onClick={() => setTransferring(r.id)} data-testid="record-transfer">
                    {T.transferDone}
                  </Button>
                )}
                {!r.proof || r.proof.status === 'void' ? (
                  r.proof ? null : (
                    <Button size="small" appearance="transparent" onClick={() => void makeProof(r.id)} data-testid="record-make-proof">
                      {T.makeProof}
                    </Button>
                  )
                ) : (
                  <Button size="small" appearance="transparent" onClick={() => p.onPreview(r.proof!.id)} data-testid="record-view-proof">
                    {T.viewProof}
                  </Button>
                )}
              </div>
            </TableCell>
          </TableRow>
        )}
      />
      <ConfirmDialog open={transferring !== null} title={T.transferDone} onCancel={() => setTransferring(null)} onConfirm={transfer}>
        {T.transferConfirm}
      </ConfirmDialog>
    </>
  );
}
