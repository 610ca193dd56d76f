export { PlanPanel } from './components/PlanPanel';
export { badgeText, planScrolls } from './lib/plan';
