export { ImportWizard } from './components/ImportWizard';
export { BatchList } from './components/BatchList';
