/**
 * A streamed export (issue 34): the export call answers a ticket, the file streams in. Nothing shows
 * for a short one; after SHOW_AFTER_MS a panel (ExportPanel, loaded then) says how many rows
 * the file has and how much has arrived, with 取消 (aborts the download; the server stops writing).
 * Small on purpose: the pages with exports carry only this hook; the download code, the panel and
 * its words load when an export starts.
 */
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import type { ExportTicket } from '../../../contract/exports';
import { ApiError } from '../lib/http';
import { toast } from '../lib/notify';

export const SHOW_AFTER_MS = 400;
const load = () => import('./ExportPanel');
const Panel = lazy(load);

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
      const { downloadTicket } = await load();
      await downloadTicket(t, (bytes) => setSt((x) => x && { ...x, bytes }), c.signal);
      return t;
    } catch (e) {
      const { tExports } = await load();
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
    <Suspense fallback={null}>
      <Panel total={st.total} bytes={st.bytes} onCancel={() => ac.current?.abort()} />
    </Suspense>
  ) : null;
  return { run, view, busy: !!st };
}
