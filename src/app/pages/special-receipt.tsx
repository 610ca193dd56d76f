import { ReceiptPrint, segInt } from '../features/payouts';
import { useCurrentRoute } from '../shared/hooks/current-route';

/** /special/receipt/:id/:row — 电子回单 (print view) of a batch's paid rows (row 0) or of one paid row. */
export default function SpecialReceiptPage() {
  const { params } = useCurrentRoute();
  return <ReceiptPrint key={`${params.id}/${params.row}`} batchId={segInt(params.id)} rowId={segInt(params.row)} />;
}
