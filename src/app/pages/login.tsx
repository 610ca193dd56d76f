import { useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useLocation, useSearch } from 'wouter';
import { LoginForm, LoginFrame, LoginTabs, WechatLogin } from '../features/login';
import { tLogin as tAccounts } from '../shared/i18n/zh-CN.login';
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
      <LoginTabs<'sms' | 'wechat'>
        className={s.tabs}
        value={way}
        onChange={setWay}
        tabs={[
          { value: 'sms', label: tAccounts.wechat.tabSms },
          { value: 'wechat', label: tAccounts.wechat.tabWechat },
        ]}
      />
      {way === 'sms' ? <LoginForm onSuccess={done} /> : <WechatLogin onSuccess={done} />}
    </LoginFrame>
  );
}
