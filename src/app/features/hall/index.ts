export { HallPage } from './components/HallPage';
