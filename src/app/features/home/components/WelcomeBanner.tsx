import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { DataBarVerticalRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { dayjs } from '../../../shared/lib/date';
import { maskMobile } from '../../../shared/lib/format';
import { t } from '../../../shared/i18n/zh-CN';
import { session } from '../../../shared/session';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundImage: `linear-gradient(120deg, ${tokens.colorBrandBackground} 0%, ${tokens.colorBrandBackgroundHover} 60%, ${tokens.colorBrandBackgroundPressed} 100%)`,
    boxShadow: tokens.shadow4,
  },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  hello: { color: tokens.colorNeutralForegroundOnBrand, margin: 0 },
  sub: { color: tokens.colorNeutralForegroundOnBrand, opacity: 0.85 },
});

/** 下午好，张三 · company, department and job · today's date. */
export function WelcomeBanner() {
  const s = useStyles();
  const [, navigate] = useLocation();
  const { user, member } = useSnapshot(session);
  const now = dayjs();
  const name = user?.realname || member?.name || maskMobile(user?.mobile ?? '');
  const place = [member?.company_name, [member?.dept_name, member?.job_name].filter(Boolean).join(' · ')].filter(Boolean).join('　');
  return (
    <section className={s.root} data-testid="welcome">
      <div className={s.text}>
        <Text as="h1" size={700} weight="semibold" className={s.hello}>
          {t.home.greeting(now.hour())}，{name}
        </Text>
        <Text className={s.sub}>{place || t.home.welcome}</Text>
        <Text size={200} className={s.sub}>
          {now.format(t.home.dateFormat)}
        </Text>
      </div>
      <Button appearance="secondary" icon={<DataBarVerticalRegular />} onClick={() => navigate('/statistics')}>
        {t.home.statistics}
      </Button>
    </section>
  );
}
