import { ApplyScreen } from '../features/company';

/** /auth: company verification (and resubmission after a rejection). */
export default function CompanyAuthPage() {
  return <ApplyScreen mode="auth" />;
}
