import { ApplyScreen, type LicenseSlotProps } from '../features/company';
import { UploadField } from '../features/upload';

/** The licence goes through the upload engine (the page composes the two features). */
const licenseField = (p: LicenseSlotProps) => (
  <UploadField kind="image" purpose="license" accept={p.accept} validate={p.check} invalid={p.invalid} onChange={(id) => p.onMediaId(id)} />
);

/** /auth: company verification (and resubmission after a rejection). */
export default function CompanyAuthPage() {
  return <ApplyScreen mode="auth" licenseField={licenseField} />;
}
