import { OrderView, type VoucherSlot } from '../features/tax';
import { UploadField } from '../features/upload';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** The bank-transfer voucher goes through the upload engine into the object store. */
const voucherField: VoucherSlot = ({ onMediaId }) => (
  <UploadField kind="image" purpose="tax-voucher" accept="image/png,image/jpeg" onChange={(id) => onMediaId(id)} />
);

/** /payTaxes/order/:id — 企业支付. */
export default function TaxOrderPage() {
  const { params } = useCurrentRoute();
  return <OrderView key={params.id} id={Number(params.id)} voucherField={voucherField} />;
}
