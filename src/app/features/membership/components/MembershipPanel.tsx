import { useEffect, useState } from 'react';
import { Badge, Button, Card, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { PremiumRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import type { OrderRow } from '../../../../contract';
import { dialogs, openInvoice, openVip } from '../../../shared/dialogs/store';
import { t } from '../../../shared/i18n/zh-CN';
import { tAccounts } from '../../../shared/i18n/zh-CN.accounts';
import { yuanText } from '../../../../contract/money';
import { session } from '../../../shared/session';
import { EmptyState, ListTable, type Column } from '../../../shared/ui';
import { Gated } from '../../../shared/ui/Gated';
import { listOrders } from '../api';
import { CrcLedger } from './CrcLedger';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  level: { flexDirection: 'row', alignItems: 'center', gap: tokens.spacingHorizontalL, flexWrap: 'wrap', padding: tokens.spacingVerticalXL },
  icon: { fontSize: tokens.fontSizeHero800, color: tokens.colorPaletteMarigoldForeground2 },
  grow: { flexGrow: 1, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  section: { padding: tokens.spacingVerticalL, gap: tokens.spacingVerticalS },
});

/** The orders' columns: the order number gives way to the row's 详情 on a narrow screen; 申请开票 stays. */
function orderColumns(): Column<OrderRow>[] {
  const m = tAccounts.account.membership;
  return [
    { key: 'no', header: m.cols.no, cell: (o) => o.order_id, nowrap: true, priority: 'secondary' },
    { key: 'name', header: m.cols.name, cell: (o) => o.name },
    { key: 'amount', header: m.cols.amount, cell: (o) => yuanText(o.amount), nowrap: true },
    { key: 'time', header: m.cols.time, cell: (o) => o.created_at, nowrap: true },
    {
      key: 'status',
      header: m.cols.status,
      nowrap: true,
      cell: (o) => (
        <Badge appearance="tint" color={o.status === 'paid' ? 'success' : o.status === 'unpaid' ? 'warning' : 'subtle'}>
          {m.status[o.status]}
        </Badge>
      ),
    },
    {
      key: 'invoice',
      header: m.cols.invoice,
      nowrap: true,
      cell: (o) =>
        o.status !== 'paid' ? (
          '—'
        ) : o.invoice_status === 'none' ? (
          <Gated perm="finance">
            <Button size="small" appearance="transparent" onClick={() => openInvoice(o.order_id, o.name)}>
              {m.invoiceStatus.none}
            </Button>
          </Gated>
        ) : (
          m.invoiceStatus[o.invoice_status]
        ),
    },
  ];
}

/** 会员与积分 (domain.md §2.15): current membership, orders with their invoices, the CRC ledger. */
export function MembershipPanel() {
  const s = useStyles();
  const { member } = useSnapshot(session);
  const { invoice, vip } = useSnapshot(dialogs);
  const [orders, setOrders] = useState<OrderRow[] | null>(null);
  const m = tAccounts.account.membership;
  // reload after a purchase or an invoice request (the dialogs close)
  const reloadKey = `${invoice === null}-${vip}`;
  useEffect(() => {
    let live = true;
    listOrders().then(
      (d) => live && setOrders(d.list),
      () => live && setOrders([]),
    );
    return () => {
      live = false;
    };
  }, [reloadKey]);
  const isMember = (member?.company_lv ?? 0) > 0;
  return (
    <div className={s.root}>
      <Card className={s.level} data-testid="membership-card">
        <PremiumRegular className={s.icon} aria-hidden />
        <div className={s.grow}>
          <Text size={500} weight="semibold">
            {m.level}：{isMember ? m.member : m.none}
          </Text>
          <Text className={s.muted}>{isMember ? `${m.expire}：${member!.member_expire}` : t.home.memberHint}</Text>
        </div>
        <Gated perm="admin">
          <Button appearance="primary" onClick={openVip}>
            {isMember ? m.renew : m.open}
          </Button>
        </Gated>
      </Card>
      <Card className={s.section}>
        <Text weight="semibold" size={400}>
          {m.orders}
        </Text>
        {!orders ? (
          <Spinner size="small" label={t.state.loading} />
        ) : orders.length === 0 ? (
          <EmptyState compact />
        ) : (
          <ListTable label={m.orders} size="small" minWidth="640px" narrowBelow={640} columns={orderColumns()} items={orders} rowKey={(o) => o.order_id} />
        )}
      </Card>
      <Card className={s.section}>
        <CrcLedger />
      </Card>
    </div>
  );
}
