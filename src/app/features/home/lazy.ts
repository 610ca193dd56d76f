import { lazyChunk } from '../../shared/lib/chunks';

/**
 * The partner strip at the foot of /index, loaded once the page has painted (pages/home.tsx): it
 * makes its own call and sits below everything else, so it need not be in the first paint. The
 * dynamic import names the component's module, not index.ts (which the page imports statically).
 */
export const LazyPartnersStrip = lazyChunk(() => import('./components/PartnersStrip').then((m) => ({ default: m.PartnersStrip })));
