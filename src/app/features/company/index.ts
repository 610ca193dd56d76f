export { ApplyScreen } from './components/ApplyScreen';
export { ReviewProgress } from './components/ReviewProgress';
export { CompanyProfile } from './components/CompanyProfile';
