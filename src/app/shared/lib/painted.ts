/**
 * The first page's paint (issue 17): what only matters after it — the service-worker bridge, the
 * update bar, the layout's deferred menus, the upload client, the endpoint table's schemas — waits
 * for the router's first page to mount, for the page's first calls to be answered (the request
 * layer counts them here), and then for the browser to be idle, so none of it competes with (or
 * is counted in) the first route's bytes.
 */
let resolvePainted: () => void = () => {};
const painted = new Promise<void>((resolve) => {
  resolvePainted = resolve;
});
let done = false;

/** The router calls this when a page (not a loader) has mounted. */
export function markPagePainted(): void {
  done = true;
  resolvePainted();
}

export const pagePainted = (): boolean => done;

// --- the calls in flight (the request layer reports them) --------------------------------------

let inFlight = 0;
const quietWaiters = new Set<() => void>();

/** A call has started; the returned function ends it (once). */
export function callStarted(): () => void {
  inFlight += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    inFlight -= 1;
    if (inFlight === 0) for (const wake of [...quietWaiters]) wake();
  };
}

/** No call in flight (at most `maxMs` later: a hanging call never holds the deferred work for long). */
function whenQuiet(maxMs: number): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const wake = () => {
      quietWaiters.delete(wake);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(wake, maxMs);
    quietWaiters.add(wake);
  });
}

/** How long the deferred work waits at most for the first page's calls to be answered. */
export const QUIET_WAIT_MAX_MS = 10_000;

/**
 * After the first page has painted and its calls have been answered, a short settle and an idle
 * moment; the answer cancels.
 */
export function afterFirstPaint(run: () => void, settleMs = 300): () => void {
  let cancelled = false;
  let cancelInner = () => {};
  void painted
    .then(() => whenQuiet(QUIET_WAIT_MAX_MS))
    .then(() => {
      if (cancelled) return;
      const timer = setTimeout(() => {
        if (cancelled) return;
        if (typeof requestIdleCallback === 'function') {
          const id = requestIdleCallback(run, { timeout: 3000 });
          cancelInner = () => cancelIdleCallback(id);
        } else {
          const id = setTimeout(run, 1000);
          cancelInner = () => clearTimeout(id);
        }
      }, settleMs);
      cancelInner = () => clearTimeout(timer);
    });
  return () => {
    cancelled = true;
    cancelInner();
  };
}
