/**
 * The résumé dialog's actions on the application it was opened for (issue 32 item 2): 不合适 with a
 * reason, 录用 after a confirmation, 上一份/下一份 through the list (buttons, ← → keys when no text
 * field has focus). A change is patched into the list behind at once (recruit.ts patchApply).
 */
import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { patchApply, stepResume, type ApplyStatus, type ResumeRow } from '../../../shared/dialogs/recruit';
import { requireMember } from '../../../shared/dialogs/store';
import { tReview } from '../../../shared/i18n/zh-CN.review';
import { toast } from '../../../shared/lib/notify';
import { UnsuitableDialog } from '../../../shared/ui/UnsuitableDialog';
import { hire, markUnsuitable } from '../api';

const useStyles = makeStyles({
  nav: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, marginRight: 'auto' },
  count: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
});

const typing = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

/** 上一份 / 第 i / n 份 / 下一份, and the arrow keys. */
export function ResumeNav({ index, total }: { index: number; total: number }) {
  const s = useStyles();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'ArrowLeft') stepResume(-1);
      else if (e.key === 'ArrowRight') stepResume(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className={s.nav} title={tReview.keysHint}>
      <Button size="small" icon={<ChevronLeftRegular />} disabled={index <= 0} onClick={() => stepResume(-1)} data-testid="resume-prev">
        {tReview.prev}
      </Button>
      <Text size={200} className={s.count}>
        {tReview.position(index + 1, total)}
      </Text>
      <Button
        size="small"
        icon={<ChevronRightRegular />}
        iconPosition="after"
        disabled={index >= total - 1}
        onClick={() => stepResume(1)}
        data-testid="resume-next"
      >
        {tReview.next}
      </Button>
    </div>
  );
}

/** 不合适 and 录用 of the open row; `onChanged` reloads what the dialog shows of the application. */
export function ReviewButtons({ row, status, onChanged }: { row: ResumeRow; status: ApplyStatus; onChanged: () => void }) {
  const [ask, setAsk] = useState<'unsuitable' | 'hire' | null>(null);
  const done = (s: ApplyStatus, msg: string) => {
    patchApply(row.apply, s);
    toast('success', msg);
    onChanged();
  };
  const unsuitable = async (why: { reason: string; note: string }) => {
    setAsk(null);
    try {
      const r = await markUnsuitable(row.apply, why);
      done(r.data.status, r.msg);
    } catch {
      // shown by the request layer
    }
  };
  const doHire = async () => {
    setAsk(null);
    if (!requireMember()) return;
    try {
      const r = await hire(row.apply);
      done(r.data.status, r.msg);
    } catch {
      // shown by the request layer
    }
  };
  return (
    <>
      {status !== 'hired' && status !== 'unsuitable' && (
        <Button onClick={() => setAsk('unsuitable')} data-testid="resume-unsuitable">
          {tReview.unsuitable}
        </Button>
      )}
      {status !== 'hired' && (
        <Button onClick={() => setAsk('hire')} data-testid="resume-hire">
          {tReview.hire}
        </Button>
      )}
      <UnsuitableDialog open={ask === 'unsuitable'} onCancel={() => setAsk(null)} onConfirm={(why) => void unsuitable(why)} />
      <Dialog open={ask === 'hire'} onOpenChange={(_, d) => !d.open && setAsk(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{tReview.hireTitle}</DialogTitle>
            <DialogContent>{tReview.hireText(row.name, row.title)}</DialogContent>
            <DialogActions>
              <Button onClick={() => setAsk(null)}>{tReview.cancel}</Button>
              <Button appearance="primary" onClick={() => void doHire()} data-testid="resume-hire-ok">
                {tReview.confirm}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
