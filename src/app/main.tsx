import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { watchPreloadErrors } from './shared/lib/chunks';
import { watchNetwork } from './shared/lib/net';
import { APP_VERSION, watchInstall } from './shell/pwa-state';
import { wireHttp } from './shell/wire';

wireHttp();
watchNetwork();
watchPreloadErrors();
watchInstall();
document.documentElement.dataset.version = APP_VERSION;

// the service worker and workbox-window load after the first paint, off the first route's bytes;
// the update bar comes along, so announcing a deploy never needs a chunk the deploy removed
const startPwa = () => {
  void import('./shell/sw-bridge').then((m) => m.startServiceWorker());
  void import('./shell/UpdateBar');
};
// when the browser is idle after load, so the precache downloads do not compete with the first route
const whenIdle = () =>
  'requestIdleCallback' in window ? requestIdleCallback(startPwa, { timeout: 3_000 }) : setTimeout(startPwa, 1_000);
if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
