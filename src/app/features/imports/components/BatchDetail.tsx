import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, Text } from '@fluentui/react-components';
import type { ImportBatch, ImportBatchDetail } from '../../../../contract/imports';
import { tImport } from '../../../shared/i18n/zh-CN.imports';
import { loadBatch } from '../api';
import { fileSize } from '../lib/file';
import { IssueTable } from './IssueTable';
import { ImportStatusBadge } from './StatusBadge';
import { useImportStyles } from './styles';

/** 查看明细: the batch's facts and its error table. */
export function BatchDetail({ batch, onClose }: { batch: ImportBatch; onClose: () => void }) {
  const s = useImportStyles();
  const [d, setD] = useState<ImportBatchDetail | null>(null);
  useEffect(() => {
    let alive = true;
    loadBatch(batch.id).then(
      (x) => alive && setD(x),
      () => alive && onClose(),
    );
    return () => {
      alive = false;
    };
  }, [batch.id, onClose]);
  const b = d?.batch ?? batch;
  const c = tImport.batches.cols;
  return (
    <Dialog open onOpenChange={(_, x) => !x.open && onClose()}>
      <DialogSurface className={s.dialog} data-testid="import-batch-detail">
        <DialogBody>
          <DialogTitle>{tImport.batches.detailTitle(b.batch_no)}</DialogTitle>
          <DialogContent>
            <div className={s.step}>
              <div className={s.meta}>
                <Text className={s.muted}>{c.type}</Text>
                <Text>{b.type_label}</Text>
                <Text className={s.muted}>{c.file}</Text>
                <Text>
                  {b.file_name}（{tImport.batches.fileInfo(fileSize(b.file_size))}）
                </Text>
                <Text className={s.muted}>{c.status}</Text>
                <span>
                  <ImportStatusBadge status={b.status} />
                </span>
                <Text className={s.muted}>{c.operator}</Text>
                <Text>{b.operator}</Text>
                <Text className={s.muted}>{c.time}</Text>
                <Text>{b.created_at}</Text>
                {b.committed_at && (
                  <>
                    <Text className={s.muted}>{tImport.batches.committedAt}</Text>
                    <Text>{b.committed_at}</Text>
                  </>
                )}
                {b.message && (
                  <>
                    <Text className={s.muted}>{tImport.batches.message}</Text>
                    <Text>{b.message}</Text>
                  </>
                )}
              </div>
              <Text className={s.summary}>{tImport.summary(b.total, b.ok_count, b.fail_count)}</Text>
              {b.duplicate_of && <Text className={s.muted}>{tImport.duplicateOf(b.duplicate_of)}</Text>}
              {b.file_purged_at && (
                <Text className={s.muted} data-testid="batch-detail-purged">
                  {tImport.batches.filePurgedAt(b.file_purged_at)}
                </Text>
              )}
              {d ? <IssueTable batchId={b.id} first={d.issues} total={d.issues_total} /> : <Spinner />}
            </div>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{tImport.batches.close}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
