/**
 * Wires the request layer to the shell once at start (ARCHITECTURE §1): toasts go to the Fluent
 * toaster, 410000 clears the session and goes to /login, `loading: true` calls drive the overlay,
 * and an answer stating other roles than the stored ones refreshes the user info (issue 27).
 */
import { proxy } from 'valtio';
import { navigate } from 'wouter/use-browser-location';
import { configureHttp } from '../shared/lib/http';
import { isNetworkFailure, reportNetworkFailure, reportNetworkSuccess } from '../shared/lib/net';
import { toast } from '../shared/lib/notify';
import { clearSession, followRoles } from '../shared/session';

export const TOASTER_ID = 'app-toaster';

/** Calls in flight that asked for the loading overlay (拼命加载中...). */
export const loadingOverlay = proxy({ count: 0 });

let wired = false;

export function wireHttp(): void {
  if (wired) return;
  wired = true;
  configureHttp({
    baseUrl: import.meta.env.VITE_API_BASE ?? '',
    toast,
    clearSession,
    goLogin: () => {
      const here = location.pathname + location.search;
      if (location.pathname.startsWith('/login')) return;
      navigate(location.pathname === '/' ? '/login' : `/login?redirect=${encodeURIComponent(here)}`, { replace: true });
    },
    loading: (delta) => {
      loadingOverlay.count = Math.max(0, loadingOverlay.count + delta);
    },
    answered: followRoles,
    // what the page's own calls see of the network also drives the offline state (the service
    // worker reports the same; this covers a page it does not control yet)
    fetch: async (...args) => {
      try {
        const res = await globalThis.fetch(...args);
        reportNetworkSuccess();
        return res;
      } catch (e) {
        if (isNetworkFailure(e)) reportNetworkFailure();
        throw e;
      }
    },
  });
}
