import { PositionList } from '../features/position';

/** /position — 全职招聘. */
export default function Position() {
  return <PositionList />;
}
