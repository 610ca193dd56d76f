/** `useBusy(dirty)`: a form keeps the console from reloading unasked while it has unsaved input. */
import { useEffect } from 'react';
import { markBusy, type BusyReason } from '../lib/busy';

export function useBusy(active: boolean, reason: BusyReason = 'form'): void {
  useEffect(() => (active ? markBusy(reason) : undefined), [active, reason]);
}
