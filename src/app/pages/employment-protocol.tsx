import { ProtocolPage, type PdfSlot } from '../features/employment';
import { UploadField } from '../features/upload';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** The agreement PDF goes through the upload engine into the object store. */
const pdfField: PdfSlot = ({ onMediaId, check }) => (
  <UploadField kind="attached" purpose="agreement" accept="application/pdf,.pdf" validate={check} onChange={(id) => onMediaId(id)} />
);

/** /employment/upload-protocol/:id — 上传协议. */
export default function EmploymentProtocolPage() {
  const { params } = useCurrentRoute();
  return <ProtocolPage key={params.id} id={Number(params.id)} pdfField={pdfField} />;
}
