export { StatisticsPage } from './components/StatisticsPage';
