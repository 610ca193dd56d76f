/**
 * Network state shown by the shell (SPEC §2: offline → 网络不给力，请稍后重试 + 重新加载).
 *
 * Driven by what actually happens to requests, not only by `navigator.onLine`:
 * - the service worker reports a request that failed for lack of network, and one that got
 *   through again (src/sw/messages.ts `NET`), including Background Sync's "connectivity is back";
 * - the page's own requests report the same (`reportNetworkFailure/Success`, wired in the shell);
 * - the browser's offline/online events.
 * While offline a small probe asks the console's own origin, backing off from 1 s to 30 s, and
 * at once on the browser's `online` event; the first answer clears the state and runs the
 * `onNetworkBack` callbacks (the upload engine resumes there; the shell refreshes the page).
 */
import { proxy } from 'valtio';
import { isSwToPage, NETWORK_BACK_SYNC_TAG } from '../../../sw/messages';

export const net = proxy({ offline: typeof navigator !== 'undefined' && navigator.onLine === false });

/** Probe delays while offline (ms); the last one repeats. */
export const PROBE_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const;
/** How long to let a network that just came back settle before probing it (ms). */
export const ONLINE_SETTLE_MS = 1_000;

type Listener = () => void;
const backListeners = new Set<Listener>();

/**
 * Run `cb` each time the network comes back after the console saw it gone. Returns the
 * unsubscribe. The upload engine resumes its uploads here.
 */
export function onNetworkBack(cb: Listener): () => void {
  backListeners.add(cb);
  return () => backListeners.delete(cb);
}

// --- the probe ----------------------------------------------------------------------------------

let probeTimer: ReturnType<typeof setTimeout> | null = null;
let probeAttempt = 0;
let probing = false;

/** Asks the console's origin for a small file the service worker never answers from its cache. */
export async function probeNetwork(fetcher: typeof fetch = (...a) => globalThis.fetch(...a)): Promise<boolean> {
  try {
    const res = await fetcher(`/manifest.webmanifest?probe=${Date.now()}`, { method: 'HEAD', cache: 'no-store' });
    // any answer means the network is there (a 404 from a proxy is still a network)
    return res.status > 0;
  } catch {
    return false;
  }
}

function cancelProbe(): void {
  if (probeTimer !== null) clearTimeout(probeTimer);
  probeTimer = null;
}

function scheduleProbe(delay: number): void {
  cancelProbe();
  probeTimer = setTimeout(() => void runProbe(), delay);
}

async function runProbe(): Promise<void> {
  probeTimer = null;
  if (!net.offline || probing) return;
  probing = true;
  const ok = await probeNetwork();
  probing = false;
  if (ok) {
    reportNetworkSuccess();
  } else if (net.offline) {
    probeAttempt = Math.min(probeAttempt + 1, PROBE_BACKOFF_MS.length - 1);
    scheduleProbe(PROBE_BACKOFF_MS[probeAttempt]!);
  }
}

// --- reports -------------------------------------------------------------------------------------

/** A request failed for lack of network: show the offline state now and start probing. */
export function reportNetworkFailure(): void {
  if (net.offline) return;
  net.offline = true;
  probeAttempt = 0;
  scheduleProbe(PROBE_BACKOFF_MS[0]);
  askBackgroundSync();
}

/**
 * A request got through: the network is back (callbacks run once per outage). While the browser
 * says it is offline — the one answer of navigator.onLine that can be trusted — a report from
 * elsewhere (a worker whose request left before, a sync event) does not clear the state; the
 * browser's `online` event and the probe do.
 */
export function reportNetworkSuccess(): void {
  if (!net.offline) return;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  net.offline = false;
  cancelProbe();
  for (const cb of [...backListeners]) {
    try {
      cb();
    } catch (e) {
      console.error('[net] onNetworkBack callback failed', e);
    }
  }
}

/** Background Sync, where the browser has it: it fires in the worker when connectivity returns. */
function askBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  void navigator.serviceWorker.ready
    .then((reg) => (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(NETWORK_BACK_SYNC_TAG))
    .catch(() => undefined);
}

/**
 * A fetch error that means "no network" (TypeError from fetch), not an abort or a timeout of
 * ours, not an HTTP status.
 */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

// --- wiring --------------------------------------------------------------------------------------

/**
 * Follow the browser's online/offline events and the service worker's NET messages; returns
 * the unsubscribe. Called once at start (main.tsx), before the first request.
 */
export function watchNetwork(target: Window = window): () => void {
  const off = () => reportNetworkFailure();
  const on = () => {
    if (net.offline) scheduleProbe(ONLINE_SETTLE_MS);
  };
  const fromWorker = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (!isSwToPage(data) || data.type !== 'NET') return;
    if (data.online) reportNetworkSuccess();
    else reportNetworkFailure();
  };
  target.addEventListener('online', on);
  target.addEventListener('offline', off);
  const sw = target.navigator?.serviceWorker;
  sw?.addEventListener('message', fromWorker);
  // offline at start (a reload without network): probe as after a failure
  if (net.offline) scheduleProbe(PROBE_BACKOFF_MS[0]);
  return () => {
    target.removeEventListener('online', on);
    target.removeEventListener('offline', off);
    sw?.removeEventListener('message', fromWorker);
    cancelProbe();
  };
}
