/**
 * Batch actions over the checked applications of a position (issue 32 item 2): 批量不合适 (one
 * reason for all, after a confirmation with the count), 批量标记 (one tag), 导出 (.xlsx of the checked
 * rows, or of the tab when none is checked; whole mobiles only with pii.full and a stated purpose).
 * The server reports every row; the refused ones are listed with their reason.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, DismissCircleRegular } from '@fluentui/react-icons';
import type { BatchData } from '../../../../contract/review';
import { tReview } from '../../../shared/i18n/zh-CN.review';
import { toast } from '../../../shared/lib/notify';
import { useCan } from '../../../shared/session/permissions';
import { useStreamedExport } from '../../../shared/ui/Exporting';
import { batchApplies, exportApplies } from '../api';

// the dialogs load on first use: the list's route stays within its byte budget (bench/pwa)
const UnsuitableDialog = lazy(() => import('../../../shared/ui/UnsuitableDialog').then((m) => ({ default: m.UnsuitableDialog })));
const PurposeDialog = lazy(() => import('../../../shared/ui/Purpose').then((m) => ({ default: m.PurposeDialog })));
const TagDialog = lazy(() => import('./BatchDialogs'));
const RefusedDialog = lazy(() => import('./BatchDialogs').then((m) => ({ default: m.RefusedDialog })));

type ApplyTab = 'all' | 'pending' | 'viewed' | 'invited' | 'unsuitable' | 'hired';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', marginBottom: tokens.spacingVerticalS },
  count: { color: tokens.colorNeutralForeground2, marginRight: tokens.spacingHorizontalS },
});

export function BatchBar(p: { positionId: number; tab: ApplyTab; selected: number[]; names: Map<number, string>; onDone: (r: BatchData) => void }) {
  const s = useStyles();
  const can = useCan();
  const [ask, setAsk] = useState<'unsuitable' | 'tag' | 'purpose' | null>(null);
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
  const streamed = useStreamedExport();
  const doExport = async (reason?: string) => {
    setAsk(null);
    await streamed.run(() => exportApplies(p.positionId, { status: p.tab, ids: p.selected, reason }));
  };

  return (
    <div className={s.bar} data-testid="batch-bar">
      <Text className={s.count}>{tReview.selected(n)}</Text>
      <Button size="small" icon={<DismissCircleRegular />} disabled={!n} onClick={() => setAsk('unsuitable')} data-testid="batch-unsuitable">
        {tReview.batchUnsuitable}
      </Button>
      <Button size="small" disabled={!n} onClick={() => setAsk('tag')} data-testid="batch-tag">
        {tReview.batchTag}
      </Button>
      <Button size="small" icon={<ArrowDownloadRegular />} disabled={streamed.busy} onClick={() => void doExport()} data-testid="batch-export">
        {tReview.exportMasked}
      </Button>
      {can('pii.full') && (
        <Button size="small" appearance="subtle" onClick={() => setAsk('purpose')} title={tReview.exportFullHint} data-testid="batch-export-full">
          {tReview.exportFull}
        </Button>
      )}

      {streamed.view}
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
        {refused.length > 0 && (
          <RefusedDialog rows={refused.map((r) => ({ id: r.id, name: p.names.get(r.id) ?? String(r.id), msg: r.msg }))} onClose={() => setRefused([])} />
        )}
        {ask === 'tag' && <TagDialog count={n} onCancel={() => setAsk(null)} onConfirm={(tag) => void run({ action: 'tag', ids, tag })} />}
      </Suspense>
    </div>
  );
}
