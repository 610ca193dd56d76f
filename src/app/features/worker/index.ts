export { InvitePage } from './components/InvitePage';
export { SignupPage } from './components/SignupPage';
