import { useState } from 'react';
import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { useLocation, useSearch } from 'wouter';
import { LoginForm, LoginFrame, WechatLogin } from '../features/login';
import { tAccounts } from '../shared/i18n/zh-CN.accounts';
import { safeRedirect } from '../shared/lib/guards';

const useStyles = makeStyles({
  form: {
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXXL} ${tokens.spacingVerticalXXXL}`,
    alignSelf: 'center',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  tabs: { alignSelf: 'center' },
});

/** /login: brand panel + 企业登录 (SMS code or WeChat scan); after signing in, back to ?redirect= (inside the console only). */
export default function LoginPage() {
  const s = useStyles();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [way, setWay] = useState<'sms' | 'wechat'>('sms');
  const done = () => navigate(safeRedirect(new URLSearchParams(search).get('redirect')), { replace: true });
  return (
    <LoginFrame formClassName={s.form}>
      <TabList className={s.tabs} selectedValue={way} onTabSelect={(_, d) => setWay(d.value as 'sms' | 'wechat')}>
        <Tab value="sms">{tAccounts.wechat.tabSms}</Tab>
        <Tab value="wechat">{tAccounts.wechat.tabWechat}</Tab>
      </TabList>
      {way === 'sms' ? <LoginForm onSuccess={done} /> : <WechatLogin onSuccess={done} />}
    </LoginFrame>
  );
}
