export { WelcomeBanner } from './components/WelcomeBanner';
export { StatusCards } from './components/StatusCards';
export { TodoCard } from './components/TodoCard';
export { Shortcuts } from './components/Shortcuts';
export { Onboarding } from './components/Onboarding';
