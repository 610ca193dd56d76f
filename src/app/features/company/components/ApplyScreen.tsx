import { useEffect, useState } from 'react';
import { Button, Card, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import type { CompanyApplication } from '../../../../contract';
import { t } from '../../../shared/i18n/zh-CN';
import { tAccounts } from '../../../shared/i18n/zh-CN.accounts';
import { session } from '../../../shared/session';
import { EmptyState } from '../../../shared/ui';
import { getApplication } from '../api';
import { emptyCompanyForm, type CompanyFormValues } from '../lib/validate';
import { CompanyForm } from './CompanyForm';
import type { LicenseSlot } from './LicenseUpload';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  card: { padding: tokens.spacingVerticalXL },
});

const fromApplication = (a: CompanyApplication): CompanyFormValues => ({
  company_name: a.company_name,
  creditcode: a.creditcode,
  industry: a.industry,
  staff_num_range: a.staff_num_range,
  address: a.address,
  represent: a.represent,
  license_id: a.license_id,
  contact_name: a.contact_name,
  contact_mobile: a.contact_mobile,
});

/**
 * /create and /auth: a user without a company fills the application; the applicant of a
 * rejected one fixes it and resubmits; anyone else is sent to the review progress.
 */
export function ApplyScreen({ mode, licenseField }: { mode: 'create' | 'auth'; licenseField: LicenseSlot }) {
  const s = useStyles();
  const [, navigate] = useLocation();
  const { user } = useSnapshot(session);
  const [app, setApp] = useState<CompanyApplication | null | undefined>(undefined);
  useEffect(() => {
    getApplication().then(
      (d) => setApp(d.company),
      () => setApp(null),
    );
  }, []);
  const f = tAccounts.companyForm;
  if (app === undefined) return <Spinner label={t.state.loading} />;

  const resubmit = app !== null && app.status === 'reject' && app.is_applicant;
  if (app !== null && !resubmit) {
    return (
      <Card className={s.card}>
        <EmptyState
          text={f.already}
          description={app.company_name}
          action={
            <Button appearance="primary" onClick={() => navigate(app.status === 'normal' && !app.member_pending ? '/account' : '/inReview')}>
              {app.status === 'normal' && !app.member_pending ? tAccounts.review.goAccount : f.viewProgress}
            </Button>
          }
        />
      </Card>
    );
  }
  const initial = resubmit ? fromApplication(app!) : { ...emptyCompanyForm(), contact_name: user?.realname ?? '', contact_mobile: user?.mobile ?? '' };
  return (
    <div className={s.root}>
      <div className={s.head}>
        <Text as="h1" size={600} weight="semibold">
          {resubmit ? tAccounts.review.resubmit : mode === 'create' ? f.createTitle : f.authTitle}
        </Text>
        <Text className={s.muted}>{resubmit ? `${tAccounts.review.reason}：${app!.reject_reason}` : f.createIntro}</Text>
      </div>
      <CompanyForm initial={initial} resubmit={resubmit} licenseField={licenseField} onSubmitted={() => navigate('/inReview')} />
    </div>
  );
}
