import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import type { ProofDetail } from '../../../../contract/dimission';
import { t } from '../../../shared/i18n/zh-CN';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { toast } from '../../../shared/lib/notify';
import { issueProof, loadProof } from '../api';
import { ConfirmDialog } from './Dialogs';
import { ProofPaper } from './ProofPaper';
import { usePageStyles } from './styles';

/** 预览 → 确认出具 (a draft) or 打印 (an issued proof, in the A4 print view). */
export function PreviewDialog({
  id,
  onClose,
  onEdit,
  onChanged,
}: {
  id: number | null;
  onClose: () => void;
  onEdit: (id: number) => void;
  onChanged: () => void;
}) {
  const s = usePageStyles();
  const [p, setP] = useState<ProofDetail | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    setP(null);
    if (id !== null) loadProof(id).then(setP, onClose);
  }, [id, tick, onClose]);
  const issue = async () => {
    setConfirming(false);
    try {
      const r = await issueProof(id!);
      toast('success', tDim.proofs.issued(r.serial));
      setTick((n) => n + 1);
      onChanged();
    } catch {
      // told by the request layer
    }
  };
  return (
    <>
      <Dialog open={id !== null} onOpenChange={(_, d) => !d.open && onClose()}>
        <DialogSurface className={s.wideDialog}>
          <DialogBody>
            <DialogTitle>{tDim.preview.title}</DialogTitle>
            <DialogContent>
              {!p ? (
                <Spinner label={t.state.loading} />
              ) : (
                <div className={s.stack}>
                  <p className={s.note}>{tDim.preview.art24}</p>
                  <ProofPaper facts={p} compact testId="proof-preview" />
                </div>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} data-testid="preview-close">
                {tDim.preview.close}
              </Button>
              {p?.status === 'draft' && (
                <>
                  <Button onClick={() => onEdit(p.id)} data-testid="preview-edit">
                    {tDim.proofs.edit}
                  </Button>
                  <Button appearance="primary" onClick={() => setConfirming(true)} data-testid="preview-issue">
                    {tDim.proofs.issue}
                  </Button>
                </>
              )}
              {(p?.status === 'issued' || p?.status === 'viewed') && (
                <Button appearance="primary" onClick={() => window.open(`/dimission/print/${p.id}`, '_blank')} data-testid="preview-print">
                  {tDim.preview.openPrint}
                </Button>
              )}
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title={tDim.proofs.issue}
        confirm={tDim.proofs.issue}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void issue()}
      >
        {tDim.proofs.issueConfirm}
      </ConfirmDialog>
    </>
  );
}
