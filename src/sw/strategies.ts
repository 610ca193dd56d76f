/**
 * What the service worker does with which request (ARCHITECTURE §1: wiring in sw.ts, rules here).
 *
 * - the build (shell, route chunks, styles, icons): precached, served from the cache;
 * - a page navigation inside the console: the precached shell (index.html), so every SPA route
 *   opens offline — never for /ent/ (the API), /sandbox/ (the stand-in services) or file URLs;
 * - /ent/ (authenticated API answers): always the network, never cached; a failure for lack of
 *   network is reported to the pages (the offline state), a success after one clears it;
 * - /sandbox/ (uploads to the object store included): not touched at all;
 * - anything else of our origin (a chunk a deploy removed, the network probe): the network, reported.
 */

/** Paths whose answers belong to a user or to the outside services. */
export const API_PREFIX = '/ent/';
export const SANDBOX_PREFIX = '/sandbox/';

const under = (pathname: string, prefix: string) => pathname === prefix.slice(0, -1) || pathname.startsWith(prefix);

export const isApiPath = (pathname: string): boolean => under(pathname, API_PREFIX);
export const isSandboxPath = (pathname: string): boolean => under(pathname, SANDBOX_PREFIX);

/** The last path segment looks like a file (`x.js`, `logo.png`, `manifest.webmanifest`). */
export const looksLikeFile = (pathname: string): boolean => /\.[A-Za-z0-9]{1,12}$/.test(pathname.slice(pathname.lastIndexOf('/') + 1));

export type Treatment =
  /** answered with the precached index.html */
  | 'shell'
  /** fetched from the network, outcome reported to the pages, never cached */
  | 'network'
  /** left to the browser (the worker does not call respondWith) */
  | 'ignore';

/**
 * How a request that the precache did not answer is treated. `mode` is the request's mode
 * (`navigate` for page loads), `origin` the worker's own origin.
 */
export function treatment(url: URL, method: string, mode: string, origin: string): Treatment {
  if (url.origin !== origin) return 'ignore';
  if (isSandboxPath(url.pathname)) return 'ignore';
  if (isApiPath(url.pathname)) return 'network';
  if (mode === 'navigate' && method === 'GET' && !looksLikeFile(url.pathname) && !url.pathname.startsWith('/assets/')) {
    return 'shell';
  }
  // non-GET outside /ent/ has nothing to do with the console; let the browser handle it
  return method === 'GET' ? 'network' : 'ignore';
}

/**
 * A fetch failed for lack of network: a TypeError from fetch() (DNS, refused, offline), not an
 * abort (the page's own 60 s timeout or a cancelled request) and not an HTTP error status.
 */
export function isNetworkFailure(error: unknown, signal?: AbortSignal | null): boolean {
  if (signal?.aborted) return false;
  if (error instanceof Error && error.name === 'AbortError') return false;
  return error instanceof TypeError;
}

/** Cache names the current worker keeps; every other cache of the origin is removed on activate. */
export function outdatedCaches(all: readonly string[], keep: readonly string[]): string[] {
  return all.filter((name) => !keep.includes(name));
}
