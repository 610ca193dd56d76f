import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError } from '../shared/lib/chunks';
import { t } from '../shared/i18n/zh-CN';
import { net } from '../shared/lib/net';
import { OfflineState } from '../shared/ui';

interface State {
  error: unknown;
}

/**
 * Catches a route's ChunkLoadError (120 s timeout, or a chunk that stays missing after the one
 * automatic reload) and shows it with the reload button; other errors pass on. Keyed by route,
 * so another route starts clean. `quiet`: for parts of the shell that can be missed, show nothing.
 */
export class ChunkBoundary extends Component<{ children: ReactNode; quiet?: boolean }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error)) console.error('[chunk]', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // not ours: on to the next boundary up, as if this one were not here
    if (!isChunkLoadError(error)) throw error;
    // a part of the shell that can be missed (the toaster, the notices): leave it out
    if (this.props.quiet) return null;
    // without network the chunk could not come: that is the offline state
    if (net.offline || navigator.onLine === false) return <OfflineState />;
    return <OfflineState message={error.reason === 'timeout' ? t.pwa.chunkTimeout : t.pwa.chunkFailed} />;
  }
}
