/**
 * The typed protocol between the console's pages and its service worker (ARCHITECTURE §1).
 * Compiled into both runtimes (tsconfig.app.json and tsconfig.worker.json): plain data and
 * type guards only, no DOM or worker globals.
 */

/** Page → service worker. */
export type PageToSw =
  /** the user asked for the new version: the waiting worker activates now */
  | { type: 'SKIP_WAITING' }
  /** which build the worker serves (answered on the message's port) */
  | { type: 'GET_VERSION' };

/** Service worker → page. */
export type SwToPage =
  /** the answer to GET_VERSION */
  | { type: 'VERSION'; version: string }
  /**
   * What the worker saw of the network: `online: false` when a request failed for lack of network
   * (not an HTTP error, not an abort); `online: true` when one got through again, or when the
   * browser's Background Sync says connectivity is back.
   */
  | { type: 'NET'; online: boolean };

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

export function isPageToSw(x: unknown): x is PageToSw {
  return isObject(x) && (x.type === 'SKIP_WAITING' || x.type === 'GET_VERSION');
}

export function isSwToPage(x: unknown): x is SwToPage {
  if (!isObject(x)) return false;
  if (x.type === 'VERSION') return typeof x.version === 'string';
  if (x.type === 'NET') return typeof x.online === 'boolean';
  return false;
}

/** The Background Sync tag the page registers when it loses the network (the worker answers NET online). */
export const NETWORK_BACK_SYNC_TAG = 'network-back';
