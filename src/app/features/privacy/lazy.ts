import { lazyChunk } from '../../shared/lib/chunks';

/**
 * The privacy tab of /account (the record of full views and 保存期限) loaded when it first renders:
 * importing it from here keeps its code out of the page's chunk, and the dynamic import names the
 * component's module, not index.ts (a dynamic import of index.ts would keep everything index.ts exports).
 */
export const LazyPrivacyTab = lazyChunk(() => import('./components/PrivacyTab').then((m) => ({ default: m.PrivacyTab })));
