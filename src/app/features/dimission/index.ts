export { DimissionPage } from './components/DimissionPage';
export { LeaveForm } from './components/LeaveForm';
export { ProofEmployeeView } from './components/EmployeeProof';
export { ProofPrint } from './components/PublicPages';
export { ProofCheckPage } from './components/ProofCheck';
