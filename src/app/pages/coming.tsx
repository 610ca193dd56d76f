import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { HomeRegular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import { useCurrentRoute } from '../shared/hooks/current-route';
import { t } from '../shared/i18n/zh-CN';
import { EmptyState } from '../shared/ui';

const useStyles = makeStyles({
  root: {
    flexGrow: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingVerticalXXXL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
  },
  heading: { margin: 0 },
});

/** Routes that later issues build: an honest 功能建设中 with the page's title. */
export default function ComingPage() {
  const s = useStyles();
  const [, navigate] = useLocation();
  const { title } = useCurrentRoute();
  return (
    <section className={s.root} data-testid="coming">
      <EmptyState
        text={
          <Text as="h1" size={600} weight="semibold" className={s.heading}>
            {title ? `${title} · ${t.coming.title}` : t.coming.title}
          </Text>
        }
        description={t.coming.body}
        action={
          <Button appearance="primary" icon={<HomeRegular />} onClick={() => navigate('/index')}>
            {t.coming.back}
          </Button>
        }
      />
    </section>
  );
}
