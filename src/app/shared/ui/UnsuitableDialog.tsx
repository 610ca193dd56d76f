/**
 * 不合适 with a reason (issue 32 item 2): one of the short list (contract/review-rules.ts) and a
 * note, required with 其他; for one application (the résumé dialog) or a batch (the count is said).
 * Not in ./index.ts: only the résumé dialog and the application lists load it.
 */
import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Radio,
  RadioGroup,
  Textarea,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { MSG_REASON, MSG_REASON_NOTE, REASON_NOTE_MAX, REASON_OTHER, UNSUITABLE_REASONS } from '../../../contract/review-rules';
import { tReview } from '../i18n/zh-CN.review';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  reasons: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))' },
});

export function UnsuitableDialog(p: { open: boolean; count?: number; onCancel: () => void; onConfirm: (why: { reason: string; note: string }) => void }) {
  const s = useStyles();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const problem = !reason ? MSG_REASON : reason === REASON_OTHER && !note.trim() ? MSG_REASON_NOTE : null;
  const reset = () => {
    setReason('');
    setNote('');
    setTried(false);
  };
  const ok = () => {
    setTried(true);
    if (problem) return;
    const why = { reason, note: note.trim() };
    reset();
    p.onConfirm(why);
  };
  return (
    <Dialog
      open={p.open}
      onOpenChange={(_, d) => {
        if (d.open) return;
        reset();
        p.onCancel();
      }}
    >
      <DialogSurface data-testid="unsuitable-dialog">
        <DialogBody>
          <DialogTitle>{tReview.reasonTitle}</DialogTitle>
          <DialogContent className={s.root}>
            {p.count !== undefined && <Text weight="semibold">{tReview.batchConfirm(p.count)}</Text>}
            <Field label={tReview.reasonLabel} required validationMessage={tried && !reason ? MSG_REASON : undefined}>
              <RadioGroup className={s.reasons} value={reason} onChange={(_, d) => setReason(d.value)} data-testid="unsuitable-reasons">
                {UNSUITABLE_REASONS.map((r) => (
                  <Radio key={r} value={r} label={r} />
                ))}
              </RadioGroup>
            </Field>
            <Field label={tReview.noteLabel} validationMessage={tried && reason === REASON_OTHER && !note.trim() ? MSG_REASON_NOTE : undefined}>
              <Textarea
                value={note}
                maxLength={REASON_NOTE_MAX}
                placeholder={tReview.notePlaceholder}
                onChange={(_, d) => setNote(d.value)}
                resize="vertical"
              />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button
              onClick={() => {
                reset();
                p.onCancel();
              }}
            >
              {tReview.cancel}
            </Button>
            <Button appearance="primary" onClick={ok} data-testid="unsuitable-ok">
              {tReview.confirm}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
