export { PiiViews } from './components/PiiViews';
export { RetentionPanel } from './components/RetentionPanel';
export { LazyPrivacyTab } from './lazy';
