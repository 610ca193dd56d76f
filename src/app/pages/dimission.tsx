import { DimissionPage } from '../features/dimission';

/** /dimission — 离职办理. */
export default function Dimission() {
  return <DimissionPage />;
}
