/**
 * Network state shown by the shell (SPEC §2: offline → 网络不给力，请稍后重试 + 重新加载).
 * For now driven by the browser's online/offline events; the PWA issue may drive it too.
 */
import { proxy } from 'valtio';

export const net = proxy({ offline: typeof navigator !== 'undefined' && navigator.onLine === false });

/** Follow the browser's online/offline events; returns the unsubscribe. */
export function watchNetwork(target: Window = window): () => void {
  const on = () => (net.offline = false);
  const off = () => (net.offline = true);
  target.addEventListener('online', on);
  target.addEventListener('offline', off);
  return () => {
    target.removeEventListener('online', on);
    target.removeEventListener('offline', off);
  };
}
