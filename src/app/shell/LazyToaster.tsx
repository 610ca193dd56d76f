import { Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { lazyChunk } from '../shared/lib/chunks';
import { toaster } from '../shared/lib/notify';
import { ChunkBoundary } from './ChunkBoundary';

const ToasterHost = lazyChunk(() => import('./ToasterHost'));

/** Mounts the Fluent toaster once something wants to toast; earlier toasts wait in `notify`. */
export function LazyToaster() {
  const { wanted } = useSnapshot(toaster);
  return wanted ? (
    <ChunkBoundary quiet>
      <Suspense fallback={null}>
        <ToasterHost />
      </Suspense>
    </ChunkBoundary>
  ) : null;
}
