import { useEffect, useState } from 'react';
import { Badge, Card, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { BuildingRegular } from '@fluentui/react-icons';
import type { CompanyApplication } from '../../../../contract';
import { t } from '../../../shared/i18n/zh-CN';
import { tAccounts } from '../../../shared/i18n/zh-CN.accounts';
import { maskMobile } from '../../../shared/lib/format';
import { media } from '../../../shared/theme';
import { EmptyState } from '../../../shared/ui';
import { getApplication } from '../api';

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalXL, gap: tokens.spacingVerticalL },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  icon: { fontSize: tokens.fontSizeHero800, color: tokens.colorBrandForeground1 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr) max-content minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalM,
    [media.phone]: { gridTemplateColumns: 'max-content minmax(0, 1fr)' },
  },
  label: { color: tokens.colorNeutralForeground3 },
  scope: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, lineHeight: tokens.lineHeightBase400 },
});

/** 企业信息 on /account: the verified company's file. */
export function CompanyProfile() {
  const s = useStyles();
  const [app, setApp] = useState<CompanyApplication | null | undefined>(undefined);
  useEffect(() => {
    getApplication().then(
      (d) => setApp(d.company),
      () => setApp(null),
    );
  }, []);
  if (app === undefined) return <Spinner label={t.state.loading} />;
  if (app === null) return <EmptyState />;
  const a = tAccounts.account.company;
  const row = (label: string, value: string) => (
    <>
      <Text className={s.label}>{label}</Text>
      <Text>{value || '—'}</Text>
    </>
  );
  return (
    <Card className={s.card} data-testid="company-profile">
      <div className={s.head}>
        <BuildingRegular className={s.icon} aria-hidden />
        <Text size={500} weight="semibold">
          {app.company_name}
        </Text>
        <Badge appearance="tint" color={app.status === 'normal' ? 'success' : 'warning'}>
          {tAccounts.review.status[app.status]}
        </Badge>
      </div>
      <div className={s.grid}>
        {row(a.creditcode, app.creditcode)}
        {row(a.represent, app.represent)}
        {row(a.industry, app.industry)}
        {row(a.staff, app.staff_num_range)}
        {row(a.contact, app.contact_name ? `${app.contact_name} ${maskMobile(app.contact_mobile)}` : '')}
        {row(a.reviewedAt, app.reviewed_at ?? '')}
        {row(a.registered, app.registered)}
        {row(a.expire, app.busniss_expire)}
        {row(a.website, app.website_link)}
        {row(a.address, app.address)}
      </div>
      {app.business_scope && (
        <div className={s.scope}>
          <Text className={s.label}>{a.scope}</Text>
          <Text>{app.business_scope}</Text>
        </div>
      )}
    </Card>
  );
}
