import { Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { Providers } from './providers';
import { lazyChunk } from './shared/lib/chunks';
import { ChunkBoundary } from './shell/ChunkBoundary';
import { LoadingOverlay } from './shell/LoadingOverlay';
import { pwa } from './shell/pwa-state';
import { AppRouter } from './shell/router';

// the update bar (and workbox-window with it) loads when a new version is announced
const UpdateBar = lazyChunk(() => import('./shell/UpdateBar'));

export function App() {
  const { update } = useSnapshot(pwa);
  return (
    <Providers>
      <AppRouter />
      <LoadingOverlay />
      {update && (
        <ChunkBoundary quiet>
          <Suspense fallback={null}>
            <UpdateBar />
          </Suspense>
        </ChunkBoundary>
      )}
    </Providers>
  );
}
