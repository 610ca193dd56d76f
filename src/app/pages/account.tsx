import { Suspense } from 'react';
import { Button, makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { DocumentTextRegular } from '@fluentui/react-icons';
import { useLocation, useSearch } from 'wouter';
// the other tabs load when opened (Lazy…): the first tab, company info, paints without their code
// (issue 17: the route's cold cost ≤ 60 KB)
import { LazyColleagues as Colleagues } from '../features/account';
import { CompanyProfile } from '../features/company';
import { LazyMembershipPanel as MembershipPanel } from '../features/membership';
import { LazyPrivacyTab as PrivacyTab } from '../features/privacy';
import { LazyServicePanel as ServicePanel } from '../features/tax';
import { openInvoice } from '../shared/dialogs/store';
import { tAccounts } from '../shared/i18n/zh-CN.accounts';
import { tPrivacy } from '../shared/i18n/zh-CN.privacy';
import { tTax } from '../shared/i18n/zh-CN.tax';
import { useCan } from '../shared/session';
import { LogoLoader } from '../shared/ui';
import { Gated } from '../shared/ui/Gated';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  bar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

type TabId = 'company' | 'colleagues' | 'membership' | 'privacy' | 'tax';

/**
 * /account: company info; ?id=colleagues shows colleagues; ?id=membership membership, orders and
 * CRC; ?id=privacy (administrators) the record of full views of personal information and the
 * retention settings (保存期限). The invoice
 * details are 财务's and the administrators' to edit (disabled for the others, issue 27). ?id=tax: 开通完税服务 (how a company without the tax flag
 * applies: the /payTaxes routes need the flag).
 */
export default function AccountPage() {
  const s = useStyles();
  const [path, navigate] = useLocation();
  const id = new URLSearchParams(useSearch()).get('id');
  // the roles of the user info (issue 27): a change shows at once
  const admin = useCan()('admin');
  const tab: TabId = id === 'colleagues' || id === 'membership' || id === 'tax' || (id === 'privacy' && admin) ? id : 'company';
  return (
    <div className={s.root}>
      <div className={s.bar}>
        <TabList selectedValue={tab} onTabSelect={(_, d) => navigate(d.value === 'company' ? path : `${path}?id=${String(d.value)}`)}>
          <Tab value="company">{tAccounts.account.tabs.company}</Tab>
          <Tab value="colleagues">{tAccounts.account.tabs.colleagues}</Tab>
          <Tab value="membership">{tAccounts.account.tabs.membership}</Tab>
          {admin && <Tab value="privacy">{tPrivacy.views.tab}</Tab>}
          <Tab value="tax" data-testid="account-tab-tax">
            {tTax.service.tab}
          </Tab>
        </TabList>
        <Gated perm="finance">
          <Button icon={<DocumentTextRegular />} onClick={() => openInvoice(null)}>
            {tAccounts.account.tabs.invoice}
          </Button>
        </Gated>
      </div>
      {/* keyed: a tab that suspends must not leave the previous tab mounted under it */}
      <Suspense key={tab} fallback={<LogoLoader />}>
        {tab === 'company' ? (
          <CompanyProfile />
        ) : tab === 'colleagues' ? (
          <Colleagues />
        ) : tab === 'privacy' ? (
          <PrivacyTab />
        ) : tab === 'tax' ? (
          <ServicePanel />
        ) : (
          <MembershipPanel />
        )}
      </Suspense>
    </div>
  );
}
