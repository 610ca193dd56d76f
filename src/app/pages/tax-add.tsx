import { ApplyForm } from '../features/tax';

/** /payTaxes/add — 申请完税证明. */
export default function TaxAddPage() {
  return <ApplyForm />;
}
