export { PiiViews } from './components/PiiViews';
export { LazyPiiViews } from './lazy';
