import { TaskForm, type AttachmentSlot } from '../features/employment';
import { UploadField } from '../features/upload';

/** Attachments go through the upload engine (the page composes the two features). */
const attachmentField: AttachmentSlot = ({ onMediaId }) => (
  <UploadField kind="attached" purpose="task-attachment" onChange={(id, file) => onMediaId(id, file?.name ?? '')} />
);

/** /employment/post — 发布任务 (?id= edits a draft or a rejected task). */
export default function EmploymentPostPage() {
  return <TaskForm attachmentField={attachmentField} />;
}
