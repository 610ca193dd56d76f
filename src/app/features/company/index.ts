export { ApplyScreen } from './components/ApplyScreen';
export type { LicenseSlot, LicenseSlotProps } from './components/LicenseUpload';
export { ReviewProgress } from './components/ReviewProgress';
export { CompanyProfile } from './components/CompanyProfile';
