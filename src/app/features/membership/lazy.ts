import { lazyChunk } from '../../shared/lib/chunks';

/**
 * MembershipPanel loaded when it first renders (a tab of /account): importing it from here keeps its code
 * out of the page's chunk, and the dynamic import names the component's module, not index.ts
 * (a dynamic import of index.ts would keep everything index.ts exports).
 */
export const LazyMembershipPanel = lazyChunk(() => import('./components/MembershipPanel').then((m) => ({ default: m.MembershipPanel })));
