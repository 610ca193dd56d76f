export { DimissionPage } from './components/DimissionPage';
export { LeaveForm } from './components/LeaveForm';
export { ProofEmployeeView, ProofPrint } from './components/PublicPages';
