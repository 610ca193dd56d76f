export { LogoMark } from './LogoMark';
export { LogoLoader, type LogoLoaderProps } from './LogoLoader';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { OfflineState } from './OfflineState';
