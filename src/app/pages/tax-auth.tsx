import { ServicePanel } from '../features/tax';

/** /payTaxes/auth — 开通完税服务 (the agreement and the company's tax data). */
export default function TaxAuthPage() {
  return <ServicePanel />;
}
