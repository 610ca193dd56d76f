/**
 * What must not be lost to a reload the user did not ask for: a form with unsaved input, an
 * upload that runs. Forms and the upload engine mark themselves busy; the update bar, the stale
 * chunk recovery and the network-back refresh ask `isBusy()` before they reload or remount.
 *
 *   const done = markBusy('upload');   // … later
 *   done();                            // or unmarkBusy('upload')
 *
 * Marks count: two forms marking 'form' need two unmarks. Components use `useBusy(active)`
 * (shared/hooks/busy.ts), which unmarks on unmount.
 */
import { proxy } from 'valtio';

/** 'form': unsaved input; 'upload': a file upload runs; anything else: say what it is. */
export type BusyReason = 'form' | 'upload' | (string & {});

export const busy = proxy({ reasons: {} as Record<string, number> });

/** Mark `reason` busy once; the returned function unmarks that one mark (calling it twice is harmless). */
export function markBusy(reason: BusyReason): () => void {
  busy.reasons[reason] = (busy.reasons[reason] ?? 0) + 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    unmarkBusy(reason);
  };
}

/** Take one mark of `reason` away (never below zero). */
export function unmarkBusy(reason: BusyReason): void {
  const n = (busy.reasons[reason] ?? 0) - 1;
  if (n > 0) busy.reasons[reason] = n;
  else delete busy.reasons[reason];
}

/** The reasons currently marked. */
export function busyReasons(): BusyReason[] {
  return Object.keys(busy.reasons).filter((r) => (busy.reasons[r] ?? 0) > 0);
}

export function isBusy(): boolean {
  return busyReasons().length > 0;
}
