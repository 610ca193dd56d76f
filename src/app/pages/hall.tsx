import { HallPage } from '../features/hall';

/** /hall — 人才大厅. */
export default function Hall() {
  return <HallPage />;
}
