import { useState } from 'react';
import { Button, Tooltip } from '@fluentui/react-components';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { toast } from '../../../shared/lib/notify';

/** 催办 at most once a day per item; the last urge time beside it. */
export function UrgeButton(p: { lastUrgedAt: string | null; urgedToday: boolean; urge: () => Promise<{ last_urged_at: string }>; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const click = async () => {
    if (p.urgedToday) {
      toast('warning', tDim.urgedToday);
      return;
    }
    setBusy(true);
    try {
      await p.urge();
      toast('success', tDim.requests.urged);
      p.onDone();
    } catch {
      // told by the request layer (今日已催办，请明天再试 from the server too)
    } finally {
      setBusy(false);
    }
  };
  const button = (
    <Button size="small" appearance="transparent" disabled={busy} onClick={() => void click()} data-testid="urge" data-urged-today={p.urgedToday}>
      {tDim.urge}
    </Button>
  );
  return p.lastUrgedAt ? (
    <Tooltip content={tDim.lastUrged(p.lastUrgedAt)} relationship="description">
      {button}
    </Tooltip>
  ) : (
    button
  );
}
