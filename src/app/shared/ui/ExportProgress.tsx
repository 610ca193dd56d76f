/**
 * A streamed export's progress (issue 34): nothing for a short one; after SHOW_AFTER_MS a small
 * panel at the bottom right says how many rows the file has and how much has arrived, with 取消
 * (aborts the download; the server stops writing). Not on the shell: the pages with exports load it.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Button, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ExportTicket } from '../../../contract/exports';
import { tExports } from '../i18n/zh-CN.exports';
import { ApiError } from '../lib/http';
import { toast } from '../lib/notify';
import { downloadTicket } from '../lib/stream-download';

export const SHOW_AFTER_MS = 400;

const useStyles = makeStyles({
  panel: {
    position: 'fixed',
    right: tokens.spacingHorizontalXXL,
    bottom: tokens.spacingVerticalXXL,
    zIndex: 1000,
    width: '280px',
    maxWidth: 'calc(100vw - 32px)',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow16,
  },
  row: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalS },
  sub: { color: tokens.colorNeutralForeground2 },
});

interface State {
  total: number;
  bytes: number;
  show: boolean;
}

/**
 * `run(ticketCall)`: makes the export call, then streams its file with progress. Resolves with the
 * ticket when saved, null when refused (already told), cancelled or broken (told here).
 */
export function useStreamedExport(): { run: (call: () => Promise<ExportTicket>) => Promise<ExportTicket | null>; view: ReactNode; busy: boolean } {
  const s = useStyles();
  const [st, setSt] = useState<State | null>(null);
  const ac = useRef<AbortController | null>(null);
  const run = async (call: () => Promise<ExportTicket>) => {
    let t: ExportTicket;
    try {
      t = await call();
    } catch {
      return null; // told by the request layer
    }
    const c = new AbortController();
    ac.current = c;
    setSt({ total: t.total, bytes: 0, show: false });
    const timer = setTimeout(() => setSt((x) => x && { ...x, show: true }), SHOW_AFTER_MS);
    try {
      await downloadTicket(t, (bytes) => setSt((x) => x && { ...x, bytes }), c.signal);
      return t;
    } catch (e) {
      if (c.signal.aborted) toast('info', tExports.cancelled);
      else toast('error', e instanceof ApiError && e.message ? e.message : tExports.failed);
      return null;
    } finally {
      clearTimeout(timer);
      ac.current = null;
      setSt(null);
    }
  };
  const view = st?.show ? (
    <div className={s.panel} role="status" aria-live="polite" data-testid="export-progress">
      <div className={s.row}>
        <Text weight="semibold">{tExports.title}</Text>
        <Button size="small" onClick={() => ac.current?.abort()} data-testid="export-cancel">
          {tExports.cancel}
        </Button>
      </div>
      <ProgressBar />
      <Text size={200} className={s.sub}>
        {tExports.rows(st.total)} · {tExports.received((st.bytes / 1048576).toFixed(1))}
      </Text>
    </div>
  ) : null;
  return { run, view, busy: !!st };
}
