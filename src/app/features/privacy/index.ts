export { PiiViews } from './components/PiiViews';
