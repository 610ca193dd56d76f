/**
 * 完税服务 (issue 14): the feature's door. Pages compose these; the voucher's upload control is
 * the upload feature's, given by the page (features never import each other).
 */
export { ServicePanel } from './components/ServicePanel';
export { ApplyList } from './components/ApplyList';
export { ApplyForm } from './components/ApplyForm';
export { CheckView } from './components/CheckView';
export { OrderView, type VoucherSlot } from './components/OrderView';
export { InvoiceDetail } from './components/InvoiceDetail';
export { BulkApply } from './components/BulkApply';
export { TaxCheckPage } from './components/TaxCheck';
export { taxForm, patchForm, resetForm, type TaxForm } from './store';
export { LazyServicePanel } from './lazy';
