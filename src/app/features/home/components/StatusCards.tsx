import { Badge, Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { BuildingCheckmarkRegular, CoinMultipleRegular, PremiumRegular, WalletRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { openCrcRules, openVip, requireCompany } from '../../../shared/dialogs/store';
import { tHome } from '../../../shared/i18n/zh-CN.home';
import type { HomeSummary } from '../../../../contract/home';
import { fenText } from '../../../../contract/money';
import { t } from '../../../shared/i18n/zh-CN';
import { session } from '../../../shared/session';
import { media } from '../../../shared/theme';
import { useCardStyles } from './styles';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalL,
    [media.narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  member: { color: tokens.colorPaletteMarigoldForeground2 },
  crcUnit: { marginLeft: tokens.spacingHorizontalXS },
});

const statusColor = { normal: 'success', apply: 'warning', no_apply: 'informative' } as const;

/** 企业认证 · 企业会员 (→ 续费) · CRC积分 (→ 积分明细 / 积分规则) from the session; 灵活用工账户 (→ 充值) from the summary. */
export function StatusCards({ account }: { account?: HomeSummary['account'] | null }) {
  const s = useStyles();
  const c = useCardStyles();
  const [, navigate] = useLocation();
  const { user, member } = useSnapshot(session);
  const status = user?.company_status ?? 'no_apply';
  const isMember = !!member?.company_lv;
  const buy = () => {
    if (requireCompany()) openVip();
  };

  const companyAction =
    status === 'normal'
      ? { label: t.home.viewCompany, href: '/account' }
      : status === 'apply'
        ? { label: t.nav.reviewProgress, href: '/inReview' }
        : { label: t.nav.goAuth, href: '/create' };

  return (
    <div className={s.grid}>
      <Card className={c.card} data-testid="company-card">
        <div className={c.head}>
          <Text weight="semibold" className={c.title}>
            <BuildingCheckmarkRegular className={c.titleIcon} aria-hidden />
            {t.home.companyCard}
          </Text>
          <Badge appearance="tint" color={statusColor[status]}>
            {t.home.companyStatus[status]}
          </Badge>
        </div>
        <Text size={500} weight="semibold" truncate wrap={false}>
          {member?.company_name || t.nav.noCompany}
        </Text>
        <Text size={200} className={c.muted}>
          {t.home.companyHint[status]}
        </Text>
        <div className={c.foot}>
          <span />
          <Button appearance={status === 'normal' ? 'secondary' : 'primary'} size="small" onClick={() => navigate(companyAction.href)}>
            {companyAction.label}
          </Button>
        </div>
      </Card>

      <Card className={c.card} data-testid="member-card">
        <div className={c.head}>
          <Text weight="semibold" className={c.title}>
            <PremiumRegular className={c.titleIcon} aria-hidden />
            {t.home.memberCard}
          </Text>
          <Badge appearance={isMember ? 'filled' : 'outline'} color={isMember ? 'warning' : 'informative'}>
            {isMember ? t.home.member : t.home.nonMember}
          </Badge>
        </div>
        <Text size={500} weight="semibold" className={isMember ? s.member : undefined}>
          {isMember ? t.home.memberActive : t.home.memberNone}
        </Text>
        <Text size={200} className={c.muted}>
          {isMember && member?.member_expire ? t.home.memberUntil(member.member_expire) : t.home.memberHint}
        </Text>
        <div className={c.foot}>
          <span />
          <Button appearance={isMember ? 'secondary' : 'primary'} size="small" onClick={buy}>
            {isMember ? t.home.renew : t.home.openMember}
          </Button>
        </div>
      </Card>

      <Card className={c.card} data-testid="crc-card">
        <div className={c.head}>
          <Text weight="semibold" className={c.title}>
            <CoinMultipleRegular className={c.titleIcon} aria-hidden />
            {t.home.crcCard}
          </Text>
        </div>
        <Text>
          <span className={c.big}>{member ? member.crc.toLocaleString('zh-CN') : '—'}</span>
          <span className={s.crcUnit}>{t.home.crcUnit}</span>
        </Text>
        <Text size={200} className={c.muted}>
          {t.home.crcHint}
        </Text>
        <div className={c.foot}>
          <Button size="small" appearance="transparent" onClick={() => navigate('/account?id=membership')} data-testid="crc-ledger-link">
            {tHome.account.crcLedger}
          </Button>
          <Button size="small" appearance="transparent" onClick={openCrcRules} data-testid="crc-rules-link">
            {tHome.account.crcRules}
          </Button>
        </div>
      </Card>

      {account !== undefined && (
        <Card className={c.card} data-testid="flex-account-card">
          <div className={c.head}>
            <Text weight="semibold" className={c.title}>
              <WalletRegular className={c.titleIcon} aria-hidden />
              {tHome.account.flexCard}
            </Text>
          </div>
          <Text>
            <span className={c.big}>{account ? fenText(account.flex_balance) : '—'}</span>
            <span className={s.crcUnit}>{tHome.account.flexUnit}</span>
          </Text>
          <Text size={200} className={c.muted}>
            {tHome.account.flexHint}
          </Text>
          <div className={c.foot}>
            <span />
            <Button
              appearance="primary"
              size="small"
              data-testid="flex-topup"
              onClick={() =>
                navigate(account?.payout_task ? `/special/batch/${account.payout_task.id}/${encodeURIComponent(account.payout_task.name)}` : '/employment')
              }
            >
              {tHome.account.topup}
            </Button>
          </div>
        </Card>
      )}
    </div>
  );
}
