/**
 * What the shell shows of the PWA: a new version to apply (the update bar) and the browser's
 * offer to install (the user menu's 安装到桌面). Small on purpose: it is part of the first
 * route; the service worker bridge (sw-bridge.ts, with workbox-window) loads after first paint.
 */
import { proxy } from 'valtio';

export const APP_VERSION: string = __APP_VERSION__;

/**
 * 'waiting': a new worker waits; applying it posts SKIP_WAITING and reloads on controllerchange.
 * 'reload': the new version already controls this page (another tab applied it, or it came in on
 * a first visit): a plain reload applies it.
 */
export type UpdateKind = 'waiting' | 'reload';

export const pwa = proxy({
  update: null as UpdateKind | null,
  /** the user asked for the update; the page reloads in a moment */
  applying: false,
  /** the user asked while a form had unsaved input or an upload ran: ask again with the risk named */
  confirmBusy: false,
  /** the browser offered to install the console (beforeinstallprompt) */
  installable: false,
});

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;

/** Keep the browser's install offer for the user menu; called at start (the event comes early). */
export function watchInstall(target: Window = window): () => void {
  const offer = (event: Event) => {
    // our own entry in the user menu instead of the browser's mini bar
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    pwa.installable = true;
  };
  const installed = () => {
    deferred = null;
    pwa.installable = false;
  };
  target.addEventListener('beforeinstallprompt', offer);
  target.addEventListener('appinstalled', installed);
  return () => {
    target.removeEventListener('beforeinstallprompt', offer);
    target.removeEventListener('appinstalled', installed);
  };
}

/** Show the browser's install dialog; the offer can be used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  pwa.installable = false;
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
}
