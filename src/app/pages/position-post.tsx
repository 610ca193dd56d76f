import { PositionForm } from '../features/position';

/** /position/post — 发布职位 (?id= edits one). */
export default function PositionPost() {
  return <PositionForm />;
}
