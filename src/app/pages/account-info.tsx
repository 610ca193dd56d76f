import { ProfileForm } from '../features/account';

/** /account-info: personal info edit. */
export default function AccountInfoPage() {
  return <ProfileForm />;
}
