export { VipPurchase, type VipPurchaseProps } from './components/VipPurchase';
export { CrcRules, companyRules } from './components/CrcRules';
export { CrcLedger } from './components/CrcLedger';
export { MembershipPanel } from './components/MembershipPanel';
export { LazyMembershipPanel } from './lazy';
