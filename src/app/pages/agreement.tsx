import { Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { t } from '../shared/i18n/zh-CN';
import { tAccounts } from '../shared/i18n/zh-CN.accounts';
import { sizes } from '../shared/theme';
import { LogoMark } from '../shared/ui';

const useStyles = makeStyles({
  page: { flexGrow: 1, display: 'flex', justifyContent: 'center', padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}` },
  card: {
    maxWidth: sizes.contentMax,
    width: '100%',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXXL}`,
    gap: tokens.spacingVerticalL,
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  p: { lineHeight: tokens.lineHeightBase400, textIndent: '2em', margin: 0 },
});

/** /agreement: the user service agreement, a real readable document (never-login). */
export default function AgreementPage() {
  const s = useStyles();
  const a = tAccounts.agreement;
  return (
    <div className={s.page}>
      <Card className={s.card} role="article">
        <div className={s.head}>
          <LogoMark size={sizes.navLogo} />
          <Text weight="semibold">{t.product}</Text>
        </div>
        <Text as="h1" size={700} weight="semibold">
          {a.title}
        </Text>
        <Text size={200} className={s.muted}>
          {a.updated}
        </Text>
        <p className={s.p}>{a.lead}</p>
        {a.sections.map((sec) => (
          <section key={sec.title} className={s.section}>
            <Text as="h2" size={500} weight="semibold">
              {sec.title}
            </Text>
            {sec.body.map((para, i) => (
              <p key={i} className={s.p}>
                {para}
              </p>
            ))}
          </section>
        ))}
        <div>
          <Button icon={<ArrowLeftRegular />} onClick={() => history.back()}>
            {a.back}
          </Button>
        </div>
      </Card>
    </div>
  );
}
