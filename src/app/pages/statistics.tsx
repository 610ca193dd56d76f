import { StatisticsPage } from '../features/statistics';

/** /statistics — 数据面板. */
export default function Statistics() {
  return <StatisticsPage />;
}
