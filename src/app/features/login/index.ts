export { LoginForm } from './components/LoginForm';
export { LoginBrandPanel } from './components/LoginBrandPanel';
