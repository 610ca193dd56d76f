import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { toaster } from '../shared/lib/notify';

const ToasterHost = lazy(() => import('./ToasterHost'));

/** Mounts the Fluent toaster once something wants to toast; earlier toasts wait in `notify`. */
export function LazyToaster() {
  const { wanted } = useSnapshot(toaster);
  return wanted ? (
    <Suspense fallback={null}>
      <ToasterHost />
    </Suspense>
  ) : null;
}
