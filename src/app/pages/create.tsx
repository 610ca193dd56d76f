import { ApplyScreen, type LicenseSlotProps } from '../features/company';
import { UploadField } from '../features/upload';

/** The licence goes through the upload engine (the page composes the two features). */
const licenseField = (p: LicenseSlotProps) => (
  <UploadField kind="image" purpose="license" accept={p.accept} validate={p.check} invalid={p.invalid} onChange={(id) => p.onMediaId(id)} />
);

/** /create: create the company and apply for verification. */
export default function CreatePage() {
  return <ApplyScreen mode="create" licenseField={licenseField} />;
}
