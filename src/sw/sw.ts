/// <reference lib="webworker" />
/**
 * The console's service worker (vite-plugin-pwa injectManifest): event wiring only; what is
 * treated how lives in strategies.ts, the page protocol in messages.ts.
 *
 * Updates wait for the user: a new worker stays `waiting` until a page posts SKIP_WAITING
 * (the update bar's button). On activate it takes control of open pages and drops old caches.
 */
import { cacheNames, clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { isPageToSw, NETWORK_BACK_SYNC_TAG, type SwToPage } from './messages';
import { isNetworkFailure, outdatedCaches, treatment } from './strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };
/** the build's version (vite.config.ts `define`), the same string the pages carry */
declare const __APP_VERSION__: string;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// --- what the pages learn about the network -----------------------------------------------------

let down = false;

async function broadcast(message: SwToPage): Promise<void> {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of clients) client.postMessage(message);
}

function reportDown(): Promise<void> {
  down = true;
  return broadcast({ type: 'NET', online: false });
}

function reportUp(): Promise<void> {
  if (!down) return Promise.resolve();
  down = false;
  return broadcast({ type: 'NET', online: true });
}

/** The network, never a cache; the outcome tells the pages whether the network is there. */
async function networkReporting({ request, event }: { request: Request; event: ExtendableEvent }): Promise<Response> {
  try {
    const response = await fetch(request);
    event.waitUntil(reportUp());
    return response;
  } catch (error) {
    if (isNetworkFailure(error, request.signal)) event.waitUntil(reportDown());
    throw error;
  }
}

// --- routes (after the precache's own route, which answers the build's files) -------------------

const origin = self.location.origin;
const shell = createHandlerBoundToURL('/index.html');

registerRoute(({ url, request }) => treatment(url, request.method, request.mode, origin) === 'shell', shell);
for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const) {
  registerRoute(
    ({ url, request }) => treatment(url, request.method, request.mode, origin) === 'network',
    ({ request, event }) => networkReporting({ request, event }),
    method,
  );
}

// --- lifecycle and messages ----------------------------------------------------------------------

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(outdatedCaches(names, [cacheNames.precache]).map((name) => caches.delete(name)))));
});

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (!isPageToSw(data)) return;
  if (data.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  } else if (data.type === 'GET_VERSION') {
    const answer: SwToPage = { type: 'VERSION', version: __APP_VERSION__ };
    event.ports[0]?.postMessage(answer);
  }
});

/** Does the console's origin answer? (The worker's own fetch does not pass its fetch handler.) */
async function originAnswers(): Promise<boolean> {
  try {
    const res = await fetch(`/manifest.webmanifest?probe=${Date.now()}`, { method: 'HEAD', cache: 'no-store' });
    return res.status > 0;
  } catch {
    return false;
  }
}

// Background Sync (where the browser has it): the page registers the tag when it loses the
// network; the browser fires it when it believes connectivity is back. The browser's belief is
// checked first (a server out of reach looks "online" to it); a failed check rejects, and the
// browser tries again later with its own backoff.
self.addEventListener('sync', ((event: ExtendableEvent & { tag: string }) => {
  if (event.tag !== NETWORK_BACK_SYNC_TAG) return;
  event.waitUntil(
    originAnswers().then((ok) => {
      if (!ok) throw new Error('the console is still out of reach');
      down = true;
      return reportUp();
    }),
  );
}) as EventListener);
