import { useCallback, useEffect, useState } from 'react';
import {
  Button,
  Card,
  DialogActions,
  DialogContent,
  Link,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkCircleFilled } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import type { MemberPack } from '../../../../contract';
import { t } from '../../../shared/i18n/zh-CN';
import { tMembership } from '../../../shared/i18n/zh-CN.membership';
import { yuanText } from '../../../../contract/money';
import { toast, toastSuccess } from '../../../shared/lib/notify';
import { loadSetting, refreshSession, session, useCan } from '../../../shared/session';
import { media, sizes } from '../../../shared/theme';
import { EmptyState, QrCode } from '../../../shared/ui';
import { checkOrder, createOrder } from '../api';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  intro: { color: tokens.colorNeutralForeground3 },
  packs: {
    display: 'grid',
    gridTemplateColumns: `repeat(auto-fit, minmax(${sizes.vipPackMin}, 1fr))`,
    gap: tokens.spacingHorizontalM,
    [media.phone]: { gridTemplateColumns: '1fr' },
  },
  pack: {
    position: 'relative',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalL,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke2}`,
    ':hover': { border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke2}` },
  },
  packSelected: {
    border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
    ':hover': { border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}` },
  },
  check: {
    position: 'absolute',
    top: tokens.spacingVerticalS,
    right: tokens.spacingHorizontalS,
    color: tokens.colorBrandForeground1,
    fontSize: tokens.fontSizeBase500,
  },
  price: {
    color: tokens.colorPaletteRedForeground1,
    fontWeight: tokens.fontWeightBold,
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  gift: { color: tokens.colorPaletteMarigoldForeground2 },
  summary: {
    display: 'flex',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  amount: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightBold, fontSize: tokens.fontSizeBase500 },
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
  pay: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM, textAlign: 'center' },
  qrFrame: {
    padding: tokens.spacingVerticalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  wechat: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  actions: { justifyContent: 'space-between' },
});

interface Order {
  order_id: string;
  code_url: string;
  pack: MemberPack;
}

type Load = 'loading' | 'ready' | 'failed';

export interface VipPurchaseProps {
  open: boolean;
  onClose: () => void;
  /** the payment arrived: membership and CRC were refreshed */
  onPaid: (orderId: string, pack: MemberPack) => void;
}

/**
 * 开通企业会员 (SPEC §4 purchase): choose a pack → order/create → the WeChat Pay QR (200×200,
 * level H) of `code_url` → 我已完成支付 checks order/{id}; paid → session refreshed and onPaid.
 */
export function VipPurchase({ open, onClose, onPaid }: VipPurchaseProps) {
  const s = useStyles();
  const { setting } = useSnapshot(session);
  const can = useCan();
  const [load, setLoad] = useState<Load>('loading');
  const [chosen, setChosen] = useState<string | null>(null);
  const [order, setOrder] = useState<Order | null>(null);
  const [busy, setBusy] = useState<'create' | 'check' | null>(null);
  const [notPaid, setNotPaid] = useState(false);
  const packs = setting?.company_order ?? [];
  const selected = packs.find((p) => p.pack === chosen) ?? packs[0];
  // buying is the admins' (issue 27: the roles of the user info, live)
  const admin = can('admin');

  const fetchPacks = useCallback(() => {
    setLoad('loading');
    loadSetting().then(
      () => setLoad('ready'),
      () => setLoad('failed'),
    );
  }, []);

  useEffect(() => {
    if (open) {
      fetchPacks();
      setOrder(null);
      setNotPaid(false);
    }
  }, [open, fetchPacks]);

  const pay = async () => {
    if (!selected || busy) return;
    setBusy('create');
    try {
      const o = await createOrder(selected.pack);
      setOrder({ ...o, pack: { ...selected } });
      setNotPaid(false);
    } catch {
      // the request layer has told the user
    } finally {
      setBusy(null);
    }
  };

  const check = async () => {
    if (!order || busy) return;
    setBusy('check');
    try {
      const { payment_status } = await checkOrder(order.order_id);
      if (!payment_status) {
        setNotPaid(true);
        toast('warning', tMembership.vip.notPaid);
        return;
      }
      await refreshSession();
      toastSuccess(tMembership.vip.paidToast);
      onPaid(order.order_id, order.pack);
    } catch {
      // told by the request layer
    } finally {
      setBusy(null);
    }
  };

  const choose = (
    <>
      <Text className={s.intro}>{tMembership.vip.intro}</Text>
      {load === 'loading' && !setting ? (
        <div className={s.center}>
          <Spinner size="small" label={t.state.loading} />
        </div>
      ) : load === 'failed' && !setting ? (
        <EmptyState compact text={tMembership.vip.loadFailed} action={<Button onClick={fetchPacks}>{tMembership.vip.retry}</Button>} />
      ) : packs.length === 0 ? (
        <EmptyState compact text={tMembership.vip.noPacks} />
      ) : (
        <>
          <div className={s.packs} role="radiogroup" aria-label={tMembership.vip.choose}>
            {packs.map((p) => {
              const on = p.pack === selected?.pack;
              return (
                <Card
                  key={p.pack}
                  className={mergeClasses(s.pack, on && s.packSelected)}
                  role="radio"
                  aria-checked={on}
                  tabIndex={0}
                  onClick={() => setChosen(p.pack)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      setChosen(p.pack);
                    }
                  }}
                  data-testid="vip-pack"
                >
                  {on && <CheckmarkCircleFilled className={s.check} aria-hidden />}
                  <Text weight="semibold" size={400}>
                    {p.name}
                  </Text>
                  <span className={s.price}>{yuanText(p.amount, { decimals: 'auto' })}</span>
                  <Text size={200} className={s.muted}>
                    {tMembership.vip.days(p.days)}
                  </Text>
                  <Text size={200} className={s.gift}>
                    {tMembership.vip.gift(p.num)}
                  </Text>
                </Card>
              );
            })}
          </div>
          {selected && (
            <div className={s.summary} data-testid="vip-summary">
              <Text>
                {tMembership.vip.selected}：{selected.name} · {tMembership.vip.days(selected.days)} · {tMembership.vip.gift(selected.num)}
              </Text>
              <Text>
                {tMembership.vip.payable}：<span className={s.amount}>{yuanText(selected.amount, { decimals: 'auto' })}</span>
              </Text>
            </div>
          )}
          {!admin && (
            <MessageBar intent="warning">
              <MessageBarBody>{tMembership.vip.adminOnly}</MessageBarBody>
            </MessageBar>
          )}
        </>
      )}
    </>
  );

  const payStep = order && (
    <div className={s.pay} data-testid="vip-pay">
      <Text className={s.wechat} size={400}>
        {tMembership.vip.payWithWechat}
      </Text>
      <div className={s.qrFrame}>
        <QrCode value={order.code_url} alt={tMembership.vip.qrAlt} testId="pay-qr" />
      </div>
      <Text>
        {order.pack.name} · {tMembership.vip.payable}：<span className={s.amount}>{yuanText(order.pack.amount, { decimals: 'auto' })}</span>
      </Text>
      <Text size={200} className={s.muted}>
        {tMembership.vip.qrHint} · {tMembership.vip.orderNo} {order.order_id}
      </Text>
      <Link href={order.code_url} target="_blank" rel="noopener">
        {tMembership.vip.openPayPage}
      </Link>
      {notPaid && (
        <MessageBar intent="warning" data-testid="vip-not-paid">
          <MessageBarBody>{tMembership.vip.notPaid}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );

  return (
    <>
      <DialogContent className={s.content}>{order ? payStep : choose}</DialogContent>
      <DialogActions className={s.actions} fluid>
        {order ? (
          <>
            <Button appearance="secondary" onClick={() => setOrder(null)} disabled={busy !== null}>
              {tMembership.vip.back}
            </Button>
            <Button appearance="primary" onClick={check} disabled={busy !== null} icon={busy === 'check' ? <Spinner size="tiny" /> : undefined}>
              {tMembership.vip.paid}
            </Button>
          </>
        ) : (
          <>
            <Button appearance="secondary" onClick={onClose}>
              {tMembership.vip.close}
            </Button>
            <Button
              appearance="primary"
              onClick={pay}
              disabled={!selected || !admin || busy !== null}
              icon={busy === 'create' ? <Spinner size="tiny" /> : undefined}
            >
              {busy === 'create'
                ? tMembership.vip.creating
                : selected
                  ? `${tMembership.vip.pay} ${yuanText(selected.amount, { decimals: 'auto' })}`
                  : tMembership.vip.pay}
            </Button>
          </>
        )}
      </DialogActions>
    </>
  );
}
