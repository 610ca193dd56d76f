/**
 * The first page's paint (issue 17): what only matters after it — the service-worker bridge, the
 * update bar, the layout's deferred menus, the upload client — waits for the router's first page
 * to mount and then for the browser to be idle, so none of it competes with (or is counted in)
 * the first route's bytes.
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

/** After the first page has painted, a short settle and an idle moment; the answer cancels. */
export function afterFirstPaint(run: () => void, settleMs = 300): () => void {
  let cancelled = false;
  let cancelInner = () => {};
  void painted.then(() => {
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
