/**
 * Batch actions over the checked applications of a position (issue 32 item 2): 批量不合适 (one
 * reason for all, after a confirmation with the count), 批量标记 (one tag), 导出 (.xlsx of the checked
 * rows, or of the tab when none is checked; whole mobiles only with pii.full and a stated purpose).
 * The server reports every row; the refused ones are listed with their reason.
 */
import { lazy, Suspense, useState } from 'react';
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
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, DismissCircleRegular, TagRegular } from '@fluentui/react-icons';
import type { BatchData } from '../../../../contract/review';
import { TAG_MAX } from '../../../../contract/review-rules';
import { tReview } from '../../../shared/i18n/zh-CN.review';
import { saveBase64 } from '../../../shared/lib/download';
import { toast } from '../../../shared/lib/notify';
import { useCan } from '../../../shared/session/permissions';
import { batchApplies, exportApplies } from '../api';

// the dialogs load on first use: the list's route stays within its byte budget (bench/pwa)
const UnsuitableDialog = lazy(() => import('../../../shared/ui/UnsuitableDialog').then((m) => ({ default: m.UnsuitableDialog })));
const PurposeDialog = lazy(() => import('../../../shared/ui/Purpose').then((m) => ({ default: m.PurposeDialog })));

type ApplyTab = 'all' | 'pending' | 'viewed' | 'invited' | 'unsuitable' | 'hired';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', marginBottom: tokens.spacingVerticalS },
  count: { color: tokens.colorNeutralForeground2, marginRight: tokens.spacingHorizontalS },
  refused: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

export function BatchBar(p: { positionId: number; tab: ApplyTab; selected: number[]; names: Map<number, string>; onDone: (r: BatchData) => void }) {
  const s = useStyles();
  const can = useCan();
  const [ask, setAsk] = useState<'unsuitable' | 'tag' | 'purpose' | null>(null);
  const [tag, setTag] = useState('');
  const [refused, setRefused] = useState<BatchData['refused']>([]);
  const n = p.selected.length;
  const ids = p.selected.join(',');

  const run = async (body: Parameters<typeof batchApplies>[1]) => {
    setAsk(null);
    try {
      const r = await batchApplies(p.positionId, body);
      toast(r.data.refused.length ? 'warning' : 'success', r.msg);
      setRefused(r.data.refused);
      p.onDone(r.data);
    } catch {
      // shown by the request layer
    }
  };
  const doExport = async (reason?: string) => {
    setAsk(null);
    try {
      const f = await exportApplies(p.positionId, { status: p.tab, ids: p.selected, reason });
      saveBase64(f.filename, f.content_base64);
    } catch {
      // shown by the request layer
    }
  };

  return (
    <div className={s.bar} data-testid="batch-bar">
      <Text className={s.count}>{tReview.selected(n)}</Text>
      <Button size="small" icon={<DismissCircleRegular />} disabled={!n} onClick={() => setAsk('unsuitable')} data-testid="batch-unsuitable">
        {tReview.batchUnsuitable}
      </Button>
      <Button size="small" icon={<TagRegular />} disabled={!n} onClick={() => setAsk('tag')} data-testid="batch-tag">
        {tReview.batchTag}
      </Button>
      <Button size="small" icon={<ArrowDownloadRegular />} onClick={() => void doExport()} data-testid="batch-export">
        {tReview.exportMasked}
      </Button>
      {can('pii.full') && (
        <Button size="small" appearance="subtle" onClick={() => setAsk('purpose')} title={tReview.exportFullHint} data-testid="batch-export-full">
          {tReview.exportFull}
        </Button>
      )}

      <Suspense fallback={null}>
        {ask === 'unsuitable' && (
          <UnsuitableDialog
            open
            count={n}
            onCancel={() => setAsk(null)}
            onConfirm={(why) => void run({ action: 'unsuitable', ids, ...why } as Parameters<typeof batchApplies>[1])}
          />
        )}
        {ask === 'purpose' && <PurposeDialog open onCancel={() => setAsk(null)} onConfirm={(reason) => void doExport(reason)} />}
      </Suspense>
      <Dialog open={ask === 'tag'} onOpenChange={(_, d) => !d.open && setAsk(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{tReview.tagTitle}</DialogTitle>
            <DialogContent>
              <Text>{tReview.selected(n)}</Text>
              <Field label={tReview.tagLabel} required>
                <Input value={tag} maxLength={TAG_MAX} onChange={(_, d) => setTag(d.value)} data-testid="batch-tag-input" />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setAsk(null)}>{tReview.cancel}</Button>
              <Button appearance="primary" disabled={!tag.trim()} onClick={() => void run({ action: 'tag', ids, tag: tag.trim() })} data-testid="batch-tag-ok">
                {tReview.confirm}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <Dialog open={refused.length > 0} onOpenChange={(_, d) => !d.open && setRefused([])}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{tReview.refusedTitle}</DialogTitle>
            <DialogContent>
              <ul className={s.refused}>
                {refused.map((r) => (
                  <li key={r.id}>
                    {p.names.get(r.id) ?? r.id}：{r.msg}
                  </li>
                ))}
              </ul>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => setRefused([])}>
                {tReview.confirm}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
