export { LoginForm } from './components/LoginForm';
export { LoginBrandPanel } from './components/LoginBrandPanel';
export { WechatLogin } from './components/WechatLogin';
export { BindPhone } from './components/BindPhone';
export { LoginFrame } from './components/LoginFrame';
export { LoginTabs } from './components/LoginTabs';
