import { useState } from 'react';
import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { useLocation, useSearch } from 'wouter';
import { LoginBrandPanel, LoginForm, WechatLogin } from '../features/login';
import { tAccounts } from '../shared/i18n/zh-CN.accounts';
import { safeRedirect } from '../shared/lib/guards';
import { media, sizes } from '../shared/theme';

const useStyles = makeStyles({
  page: {
    flexGrow: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}`,
  },
  card: {
    display: 'grid',
    gridTemplateColumns: `${sizes.loginBrand} ${sizes.loginCard}`,
    borderRadius: tokens.borderRadiusXLarge,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow28,
    [media.narrow]: { gridTemplateColumns: `minmax(0, ${sizes.loginCard})` },
  },
  brand: { [media.narrow]: { display: 'none' } },
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
    <div className={s.page}>
      <div className={s.card}>
        <LoginBrandPanel className={s.brand} />
        <div className={s.form}>
          <TabList className={s.tabs} selectedValue={way} onTabSelect={(_, d) => setWay(d.value as 'sms' | 'wechat')}>
            <Tab value="sms">{tAccounts.wechat.tabSms}</Tab>
            <Tab value="wechat">{tAccounts.wechat.tabWechat}</Tab>
          </TabList>
          {way === 'sms' ? <LoginForm onSuccess={done} /> : <WechatLogin onSuccess={done} />}
        </div>
      </div>
    </div>
  );
}
