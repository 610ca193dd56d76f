import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { watchPreloadErrors } from './shared/lib/chunks';
import { watchNetwork } from './shared/lib/net';
import { afterFirstPaint } from './shared/lib/painted';
import { APP_VERSION, watchInstall } from './shell/pwa-state';
import { wireHttp } from './shell/wire';

wireHttp();
watchNetwork();
watchPreloadErrors();
watchInstall();
document.documentElement.dataset.version = APP_VERSION;

// the service worker and workbox-window load after the first page's paint, off the first route's bytes;
// the update bar comes along, so announcing a deploy never needs a chunk the deploy removed
const startPwa = () => {
  void import('./shell/sw-bridge').then((m) => m.startServiceWorker());
  void import('./shell/UpdateBar');
};
// after the first page has painted and the browser is idle, so neither the precache downloads nor
// these chunks compete with the first route (issue 17: the first paint in one wave)
afterFirstPaint(startPwa);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
