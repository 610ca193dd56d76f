export { PlanPanel, type PlanPanelProps } from './components/PlanPanel';
