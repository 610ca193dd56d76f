import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Radio,
  RadioGroup,
  Spinner,
  Text,
} from '@fluentui/react-components';
import type { ProofDetail } from '../../../../contract/dimission';
import { cnDate, EARLY_REASONS, isEarly, wordingProblem } from '../../../../contract/dimission-rules';
import { t } from '../../../shared/i18n/zh-CN';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { saveBase64 } from '../../../shared/lib/download';
import { toast } from '../../../shared/lib/notify';
import { issueProof, loadProof, proofPdf } from '../api';
import { ProofPaper } from './ProofPaper';
import { usePageStyles } from './styles';

const OTHER = 'other';

/**
 * 预览 → 确认出具 (a draft) or 打印 / 下载PDF (an issued proof). 确认出具 asks in the same dialog, not
 * in a second one on top (issue 30 item 8: the nested dialog left this one aria-hidden after it
 * closed); before the departure date it asks why the proof is issued early.
 */
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
  const T = tDim.proofs;
  const [p, setP] = useState<ProofDetail | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [other, setOther] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [tick, setTick] = useState(0);
  useEffect(() => {
    setP(null);
    setConfirming(false);
    if (id !== null) loadProof(id).then(setP, onClose);
  }, [id, tick, onClose]);
  // a draft states today's date: early when its departure date is still to come
  const early = p?.status === 'draft' && isEarly(p.leave_date, p.issue_date);
  const issue = async () => {
    const why = (reason === OTHER ? other : reason).trim();
    if (early) {
      const words = wordingProblem({ early_reason: why });
      if (!why || words) return setReasonError(words?.message ?? T.needEarlyReason);
    }
    try {
      const r = await issueProof(id!, early ? why : undefined);
      toast('success', T.issued(r.serial));
      setTick((n) => n + 1);
      onChanged();
    } catch {
      // told by the request layer
    }
  };
  const download = async () => {
    try {
      const f = await proofPdf(p!.id);
      saveBase64(f.filename, f.content_base64);
    } catch {
      // told by the request layer
    }
  };
  const issued = p?.status === 'issued' || p?.status === 'viewed';
  return (
    <Dialog open={id !== null} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={s.wideDialog}>
        <DialogBody>
          <DialogTitle>{confirming ? T.issue : tDim.preview.title}</DialogTitle>
          {/* the paper scrolls inside the dialog: a tab stop, so a keyboard can scroll it too */}
          <DialogContent tabIndex={0} role="region" aria-label={tDim.preview.title}>
            {!p ? (
              <Spinner label={t.state.loading} />
            ) : confirming ? (
              <div className={s.stack} data-testid="issue-confirm">
                <Text>{T.issueConfirm}</Text>
                {early && (
                  <>
                    <Text className={s.warn}>{T.early(cnDate(p.leave_date))}</Text>
                    <Field label={T.earlyReason} required validationMessage={reasonError || undefined}>
                      <RadioGroup
                        value={reason}
                        onChange={(_, d) => {
                          setReason(d.value);
                          setReasonError('');
                        }}
                        data-testid="early-reason"
                      >
                        {EARLY_REASONS.map((r) => (
                          <Radio key={r} value={r} label={r} />
                        ))}
                        <Radio value={OTHER} label={T.earlyOther} />
                      </RadioGroup>
                    </Field>
                    {reason === OTHER && (
                      <Input
                        value={other}
                        maxLength={100}
                        placeholder={T.earlyReasonPh}
                        aria-label={T.earlyReason}
                        onChange={(_, d) => {
                          setOther(d.value);
                          setReasonError('');
                        }}
                        data-testid="early-reason-other"
                      />
                    )}
                  </>
                )}
              </div>
            ) : (
              <div className={s.stack}>
                <p className={s.note}>{p.status === 'draft' ? tDim.preview.draftNote : tDim.preview.art24}</p>
                <ProofPaper facts={p} draft={p.status === 'draft'} compact testId="proof-preview" />
              </div>
            )}
          </DialogContent>
          <DialogActions>
            {confirming ? (
              <>
                <Button onClick={() => setConfirming(false)}>{tDim.cancel}</Button>
                <Button appearance="primary" onClick={() => void issue()} data-testid="confirm-ok">
                  {T.issue}
                </Button>
              </>
            ) : (
              <>
                <Button onClick={onClose} data-testid="preview-close">
                  {tDim.preview.close}
                </Button>
                {p?.status === 'draft' && (
                  <>
                    <Button onClick={() => onEdit(p.id)} data-testid="preview-edit">
                      {T.edit}
                    </Button>
                    <Button appearance="primary" onClick={() => setConfirming(true)} data-testid="preview-issue">
                      {T.issue}
                    </Button>
                  </>
                )}
                {issued && (
                  <>
                    <Button onClick={() => void download()} data-testid="preview-pdf">
                      {T.pdf}
                    </Button>
                    <Button appearance="primary" onClick={() => window.open(`/dimission/print/${p.id}`, '_blank')} data-testid="preview-print">
                      {tDim.preview.openPrint}
                    </Button>
                  </>
                )}
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
