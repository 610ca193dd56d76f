import { VerifyPage } from '../features/verify';

/** /m/verify — the public check of a signed file (its SHA-256 computed in the browser). */
export default function VerifySigned() {
  return <VerifyPage />;
}
