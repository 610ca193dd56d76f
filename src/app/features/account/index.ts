export { Colleagues } from './components/Colleagues';
export { ProfileForm } from './components/ProfileForm';
export { Partners } from './components/Partners';
export { CompanyInvite } from './components/CompanyInvite';
export { FriendsInvite } from './components/FriendsInvite';
export { LazyColleagues } from './lazy';
