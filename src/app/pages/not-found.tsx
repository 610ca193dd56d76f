import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { HomeRegular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import { t } from '../shared/i18n/zh-CN';
import { sizes } from '../shared/theme';

const useStyles = makeStyles({
  root: {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalXXXL,
    textAlign: 'center',
  },
  art: { width: sizes.illustrationLarge, height: 'auto' },
  digits: { fill: tokens.colorBrandBackground2, stroke: tokens.colorBrandStroke2, strokeWidth: '2' },
  floor: { fill: tokens.colorNeutralBackground3 },
  heading: { margin: 0 },
  body: { color: tokens.colorNeutralForeground3 },
});

/** /404: 页面不存在 + 返回首页. */
export default function NotFoundPage() {
  const s = useStyles();
  const [, navigate] = useLocation();
  return (
    <section className={s.root} data-testid="not-found">
      <svg className={s.art} viewBox="0 0 240 120" aria-hidden>
        <ellipse className={s.floor} cx="120" cy="108" rx="100" ry="10" />
        <text className={s.digits} x="120" y="92" textAnchor="middle" fontSize="96" fontWeight="700" fontFamily="Arial, sans-serif">
          404
        </text>
      </svg>
      <Text as="h1" size={700} weight="semibold" className={s.heading}>
        {t.notFound.title}
      </Text>
      <Text className={s.body}>{t.notFound.body}</Text>
      <Button appearance="primary" icon={<HomeRegular />} onClick={() => navigate('/index')}>
        {t.notFound.back}
      </Button>
    </section>
  );
}
