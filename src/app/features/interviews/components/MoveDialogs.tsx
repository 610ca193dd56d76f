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
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { InterviewItem } from '../../../../contract';
import { tInterview } from '../../../shared/i18n/zh-CN.interviews';
import { toast } from '../../../shared/lib/notify';
import { answer, cancel, checkIn, feedback, hire, loadCriteria, noShow, reschedule } from '../api';
import { pickTimeOf, type RowAction } from '../lib/row-actions';

const T = tInterview;
const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  when: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  score: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  note: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export interface Pending {
  action: RowAction;
  item: InterviewItem;
}

/** The dialog of one move of a row: a plain confirmation, or 改期 / 取消 / 面试反馈 with their fields checked before sending. */
export function MoveDialog({ move, onClose, onDone }: { move: Pending | null; onClose: () => void; onDone: () => void }) {
  const s = useStyles();
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [reason, setReason] = useState('');
  const [criteria, setCriteria] = useState<string[] | null>(null);
  const [scores, setScores] = useState<number[]>([]);
  const [verdict, setVerdict] = useState<'pass' | 'hold' | 'fail' | ''>('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const action = move?.action;

  useEffect(() => {
    setDate(move?.item.pick_time.slice(0, 10) ?? '');
    setTime('');
    setReason('');
    setVerdict('');
    setNotes('');
    setError('');
    setCriteria(null);
    if (action === 'feedback')
      loadCriteria().then(
        (c) => {
          setCriteria(c.criteria);
          setScores(c.criteria.map(() => 0));
        },
        () => setError(T.feedback.loadFailed),
      );
  }, [move, action]);

  if (!move || !action) return null;
  const id = move.item.id;

  const check = (): string => {
    if (action === 'reschedule') {
      if (!date) return T.reschedule.noDate;
      if (!time) return T.reschedule.noTime;
      if (!reason.trim()) return T.reschedule.noReason;
    }
    if (action === 'cancel' && !reason.trim()) return T.cancel.noReason;
    if (action === 'feedback') {
      if (!criteria || scores.some((x) => x < 1)) return T.feedback.noScore;
      if (!verdict) return T.feedback.noVerdict;
    }
    return '';
  };

  const send = async () => {
    const bad = check();
    setError(bad);
    if (bad) return;
    setBusy(true);
    try {
      const r =
        action === 'reschedule'
          ? await reschedule(id, pickTimeOf(date, time) ?? '', reason.trim())
          : action === 'cancel'
            ? await cancel(id, reason.trim())
            : action === 'feedback'
              ? await feedback(id, verdict as 'pass' | 'hold' | 'fail', scores, notes.trim())
              : action === 'check_in'
                ? await checkIn(id)
                : action === 'no_show'
                  ? await noShow(id)
                  : action === 'hire'
                    ? await hire(move.item.application_id!)
                    : await answer(id, action);
      toast('success', r.msg);
      onDone();
    } catch {
      // the refusal is shown by the request layer; the dialog stays for another try
    } finally {
      setBusy(false);
    }
  };

  const title = action === 'reschedule' ? T.reschedule.title : action === 'cancel' ? T.cancel.title : action === 'feedback' ? T.feedback.title : T.confirmTitle;
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid={`interview-dialog-${action}`}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={s.form}>
            {action === 'reschedule' && (
              <>
                <div className={s.when}>
                  <Field label={T.reschedule.date} required>
                    <Input type="date" value={date} onChange={(_, d) => setDate(d.value)} data-testid="reschedule-date" />
                  </Field>
                  <Field label={T.reschedule.time} required>
                    <Input type="time" value={time} onChange={(_, d) => setTime(d.value)} data-testid="reschedule-time" />
                  </Field>
                </div>
                <Field label={T.reschedule.reason} required>
                  <Input
                    value={reason}
                    maxLength={100}
                    placeholder={T.reschedule.reasonPlaceholder}
                    onChange={(_, d) => setReason(d.value)}
                    data-testid="move-reason"
                  />
                </Field>
                <Text className={s.note}>{T.reschedule.note}</Text>
              </>
            )}
            {action === 'cancel' && (
              <Field label={T.cancel.reason} required>
                <Input
                  value={reason}
                  maxLength={100}
                  placeholder={T.cancel.reasonPlaceholder}
                  onChange={(_, d) => setReason(d.value)}
                  data-testid="move-reason"
                />
              </Field>
            )}
            {action === 'feedback' && (
              <>
                <Field label={T.feedback.scores} required>
                  {(criteria ?? []).map((c, i) => (
                    <div key={c} className={s.score}>
                      <Text>{c}</Text>
                      <RadioGroup
                        layout="horizontal"
                        aria-label={T.feedback.score(c)}
                        value={scores[i] ? String(scores[i]) : ''}
                        onChange={(_, d) => setScores((xs) => xs.map((x, k) => (k === i ? Number(d.value) : x)))}
                        data-testid={`score-${i}`}
                      >
                        {[1, 2, 3, 4, 5].map((n) => (
                          <Radio key={n} value={String(n)} label={String(n)} />
                        ))}
                      </RadioGroup>
                    </div>
                  ))}
                </Field>
                <Field label={T.feedback.verdict} required>
                  <RadioGroup layout="horizontal" value={verdict} onChange={(_, d) => setVerdict(d.value as 'pass' | 'hold' | 'fail')} data-testid="verdict">
                    {(['pass', 'hold', 'fail'] as const).map((v) => (
                      <Radio key={v} value={v} label={T.verdict[v]} />
                    ))}
                  </RadioGroup>
                </Field>
                {verdict === 'fail' && <Text className={s.note}>{T.feedback.failNote}</Text>}
                <Field label={T.feedback.notes}>
                  <Textarea value={notes} maxLength={500} placeholder={T.feedback.notesPlaceholder} onChange={(_, d) => setNotes(d.value)} />
                </Field>
              </>
            )}
            {action !== 'reschedule' && action !== 'cancel' && action !== 'feedback' && (
              <Text>{action === 'hire' ? T.confirmHire : T.confirmText[action]}</Text>
            )}
            {error && (
              <Text role="alert" className={s.error} data-testid="move-error">
                {error}
              </Text>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{T.close}</Button>
            <Button appearance="primary" disabled={busy} onClick={() => void send()} data-testid="move-ok">
              {action === 'reschedule' || action === 'cancel' || action === 'feedback' ? T.submit : T.ok}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
