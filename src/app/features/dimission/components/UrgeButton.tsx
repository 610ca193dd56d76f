import { useState } from 'react';
import { Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { toast } from '../../../shared/lib/notify';

const useStyles = makeStyles({
  wrap: { display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start' },
  last: { fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap', paddingLeft: tokens.spacingHorizontalS },
});

/** 催办 at most once a day per item (the server refuses a second: 今日已催办，请明天再试); the last urge time under it. */
export function UrgeButton(p: { lastUrgedAt: string | null; urgedToday: boolean; urge: () => Promise<{ last_urged_at: string }>; onDone: () => void }) {
  const s = useStyles();
  const [busy, setBusy] = useState(false);
  const click = async () => {
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
    <span className={s.wrap}>
      <Tooltip content={tDim.lastUrged(p.lastUrgedAt)} relationship="description">
        {button}
      </Tooltip>
      <span className={s.last} data-testid="urge-last">
        {tDim.lastUrged(p.lastUrgedAt.slice(5, 16))}
      </span>
    </span>
  ) : (
    button
  );
}
