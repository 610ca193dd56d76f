/**
 * The page side of the service worker (ARCHITECTURE §1, after squoosh's sw-bridge): registers
 * src/sw/sw.ts with workbox-window, finds new versions, and applies one when the user asks.
 *
 * New version, two cases (vite-plugin-pwa's own helper misses the second: its issue #789):
 * - a new worker is `waiting` (this page is controlled by the old one): post SKIP_WAITING, reload
 *   once on `controllerchange`, and reload anyway after FALLBACK_RELOAD_MS if that never comes
 *   (an uncontrolled page gets no controllerchange from a worker that does not claim it);
 * - no waiting worker, but the worker in charge serves another version than this page runs
 *   (another tab applied the update, or the new worker came in on a first visit): a plain reload.
 * Nothing reloads by itself: the update bar asks, and asks again when a form has unsaved input
 * or an upload runs (busy.ts).
 */
import { messageSW, Workbox } from 'workbox-window';
import type { PageToSw, SwToPage } from '../../sw/messages';
import { isBusy } from '../shared/lib/busy';
import { onNetworkBack } from '../shared/lib/net';
import { APP_VERSION, pwa, type UpdateKind } from './pwa-state';

/** How often an open console asks the server for a new version (ms). */
export const UPDATE_CHECK_MS = 30 * 60_000;
/** Reload anyway when the new worker has not taken control this long after SKIP_WAITING (ms). */
export const FALLBACK_RELOAD_MS = 4_000;
const VERSION_TIMEOUT_MS = 3_000;

let registration: ServiceWorkerRegistration | undefined;
let started = false;
let applying = false;
let reloaded = false;
let lastCheck = 0;

function reloadOnce(): void {
  if (reloaded) return;
  reloaded = true;
  location.reload();
}

function announce(kind: UpdateKind): void {
  // a waiting worker is the stronger fact: applying it needs SKIP_WAITING
  if (pwa.update === 'waiting' && kind === 'reload' && registration?.waiting) return;
  pwa.update = kind;
}

/** Which version a worker serves (GET_VERSION on a message port); null when it does not answer. */
async function versionOf(sw: ServiceWorker): Promise<string | null> {
  const ask: PageToSw = { type: 'GET_VERSION' };
  const answer = await Promise.race([
    messageSW(sw, ask).catch(() => null) as Promise<SwToPage | null>,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), VERSION_TIMEOUT_MS)),
  ]);
  return answer && answer.type === 'VERSION' ? answer.version : null;
}

/** The worker in charge serves another build than this page runs: a reload applies it. */
async function compareVersions(): Promise<void> {
  const sw = navigator.serviceWorker.controller ?? registration?.active;
  if (!sw) return;
  const version = await versionOf(sw);
  if (version && version !== APP_VERSION) announce(registration?.waiting ? 'waiting' : 'reload');
}

/** Ask the server for a new service worker now (also every UPDATE_CHECK_MS, and when the network is back). */
export async function checkForUpdate(): Promise<void> {
  if (!registration) return;
  lastCheck = Date.now();
  try {
    await registration.update();
  } catch {
    // offline or the server is away: the next check will do
  }
  if (registration.waiting && navigator.serviceWorker.controller) announce('waiting');
}

/** The user asked for the new version. `force`: asked again after being told what a reload loses. */
export function applyUpdate(force = false): void {
  if (!force && isBusy()) {
    pwa.confirmBusy = true;
    return;
  }
  if (applying) return;
  applying = true;
  pwa.applying = true;
  pwa.confirmBusy = false;
  const waiting = registration?.waiting;
  if (!waiting) {
    reloadOnce();
    return;
  }
  // the controllerchange listener reloads; this is the safety net (vite-plugin-pwa #789)
  setTimeout(reloadOnce, FALLBACK_RELOAD_MS);
  const skip: PageToSw = { type: 'SKIP_WAITING' };
  waiting.postMessage(skip);
}

/** Hide the bar until the next new version (or the next visit). */
export function dismissUpdate(): void {
  pwa.update = null;
  pwa.confirmBusy = false;
}

/** Register the worker and follow its versions; once, after the first paint (main.tsx). */
export async function startServiceWorker(): Promise<void> {
  if (started || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  started = true;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => announce('waiting'));
  wb.addEventListener('activated', () => void compareVersions());
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (applying) reloadOnce();
    // a worker this page did not ask for took control: the first visit's own (same version,
    // nothing to say) or a newer one that another tab applied (announce, never reload unasked)
    else void compareVersions();
  });
  try {
    registration = await wb.register();
  } catch (e) {
    // the browser refused (blocked by policy, a private window): the console works without it
    console.info('[sw] registration failed', e);
    return;
  }
  if (!registration) return;
  lastCheck = Date.now();
  if (registration.waiting && navigator.serviceWorker.controller) announce('waiting');
  await compareVersions();
  setInterval(() => void checkForUpdate(), UPDATE_CHECK_MS);
  onNetworkBack(() => void checkForUpdate());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck > UPDATE_CHECK_MS / 6) void checkForUpdate();
  });
}
