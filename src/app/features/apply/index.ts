export { JobPage } from './components/JobPage';
