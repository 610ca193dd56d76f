import { ApplyScreen } from '../features/company';

/** /create: create the company and apply for verification. */
export default function CreatePage() {
  return <ApplyScreen mode="create" />;
}
