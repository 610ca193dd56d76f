import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button, Link, MessageBar, MessageBarBody, Radio, RadioGroup, Spinner, Text } from '@fluentui/react-components';
import { CheckmarkCircleFilled, CopyRegular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import type { DataOf } from '../../../../contract';
import { tTax } from '../../../shared/i18n/zh-CN.tax';
import { yuanText } from '../../../../contract/money';
import { toast, toastSuccess } from '../../../shared/lib/notify';
import { EmptyState, QrCode } from '../../../shared/ui';
import { loadOrder, payBank, payWechat } from '../api';
import { Fields } from './Fields';
import { useTaxStyles } from './styles';
import { useTaxAccess } from './useTaxAccess';

type Order = DataOf<'taxOrder'>;
/** The voucher's upload control: the upload feature's field, given by the page. */
export type VoucherSlot = (p: { onMediaId: (mediaId: string) => void }) => ReactNode;

/** /payTaxes/order/{id} 企业支付: WeChat Pay (the shared pay sandbox, QR 200×200) or bank transfer with a voucher. */
export function OrderView({ id, voucherField }: { id: number; voucherField: VoucherSlot }) {
  const s = useTaxStyles();
  const o = tTax.order;
  const allowed = useTaxAccess();
  const [, navigate] = useLocation();
  const [order, setOrder] = useState<Order | 'missing' | null>(null);
  const [method, setMethod] = useState<'wechat' | 'bank'>('wechat');
  const [qr, setQr] = useState<string | null>(null);
  const [media, setMedia] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => loadOrder(id).then(setOrder, () => setOrder('missing')), [id]);
  useEffect(() => {
    if (allowed) void load();
  }, [allowed, load]);

  if (allowed === null) return null;
  if (!allowed)
    return (
      <section className={s.panel}>
        <EmptyState text={tTax.title} description={tTax.gateHint} />
      </section>
    );
  if (order === null)
    return (
      <div className={s.center}>
        <Spinner />
      </div>
    );
  if (order === 'missing')
    return (
      <section className={s.panel}>
        <EmptyState text={tTax.list.empty} />
      </section>
    );

  const once = async (fn: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await fn();
    } catch {
      // told
    } finally {
      setBusy(false);
    }
  };
  const startWechat = () => once(async () => setQr((await payWechat(id)).code_url));
  const checkPaid = () =>
    once(async () => {
      const r = await loadOrder(id);
      setOrder(r);
      if (r.status !== 'paid') toast('warning', o.notPaid);
    });
  const sendVoucher = () =>
    once(async () => {
      if (!media) {
        toast('warning', o.voucherNeed);
        return;
      }
      const r = await payBank(id, media);
      toastSuccess(r.msg);
      setOrder(r.data);
    });
  const copy = (v: string) =>
    void navigator.clipboard?.writeText(v).then(
      () => toastSuccess(o.copied),
      () => {},
    );

  const head = (
    <Fields
      testId="tax-order"
      items={[
        [o.orderNo, order.order_id],
        [o.service, order.service],
        [
          o.amount,
          <span key="a" className={s.money}>
            {yuanText(order.amount)}
          </span>,
        ],
      ]}
    />
  );

  if (order.status === 'paid')
    return (
      <section className={s.panel}>
        <div className={s.result} data-testid="tax-paid">
          <CheckmarkCircleFilled className={s.resultIcon} />
          <Text size={600} weight="semibold">
            {o.done}
          </Text>
          <Text className={s.muted}>{o.doneHint}</Text>
          {head}
          <div className={s.footer}>
            <Button onClick={() => navigate('/payTaxes/list')}>{o.backList}</Button>
          </div>
        </div>
      </section>
    );

  return (
    <div className={s.root}>
      <section className={s.panel}>
        <h3 className={s.sectionTitle}>{o.title}</h3>
        {head}
      </section>
      <section className={s.panel}>
        {order.status === 'closed' ? (
          <MessageBar intent="warning">
            <MessageBarBody>{o.closed}</MessageBarBody>
          </MessageBar>
        ) : order.status === 'confirming' ? (
          <MessageBar intent="info" data-testid="tax-confirming">
            <MessageBarBody>{o.confirming}</MessageBarBody>
          </MessageBar>
        ) : (
          <div className={s.form}>
            <RadioGroup layout="horizontal" value={method} onChange={(_, d) => setMethod(d.value as 'wechat' | 'bank')} aria-label={o.method}>
              <Radio value="wechat" label={o.wechat} data-testid="tax-pay-wechat" />
              <Radio value="bank" label={o.bank} data-testid="tax-pay-bank" />
            </RadioGroup>
            {method === 'wechat' ? (
              <div className={s.pay}>
                {qr ? (
                  <>
                    <QrCode value={qr} alt={o.scan} testId="tax-qr" />
                    <Text>{o.scan}</Text>
                    {/* the same page on this device, as membership's order offers (a phone cannot scan its own screen) */}
                    <Link href={qr} target="_blank" rel="noopener" data-testid="tax-open-pay">
                      {o.openPayPage}
                    </Link>
                    <Button appearance="primary" disabled={busy} onClick={() => void checkPaid()} data-testid="tax-paid-check">
                      {o.paidBtn}
                    </Button>
                  </>
                ) : (
                  <Button appearance="primary" disabled={busy} onClick={() => void startWechat()} data-testid="tax-wechat-start">
                    {o.wechat}
                  </Button>
                )}
              </div>
            ) : (
              <>
                <Text className={s.muted}>{o.bankIntro}</Text>
                <Fields
                  items={[
                    [o.accountName, order.bank.account_name],
                    [o.bankName, order.bank.bank_name],
                    [
                      o.accountNo,
                      <span key="n">
                        {order.bank.account_no}{' '}
                        <Button size="small" appearance="transparent" icon={<CopyRegular />} onClick={() => copy(order.bank.account_no)}>
                          {o.copy}
                        </Button>
                      </span>,
                    ],
                    [
                      o.remark,
                      <span key="r">
                        {order.order_id}{' '}
                        <Button size="small" appearance="transparent" icon={<CopyRegular />} onClick={() => copy(order.order_id)}>
                          {o.copy}
                        </Button>
                      </span>,
                    ],
                  ]}
                />
                <div>
                  <Text weight="semibold">{o.voucher}</Text>
                  {voucherField({ onMediaId: setMedia })}
                </div>
                <div className={s.footer}>
                  <Button appearance="primary" disabled={busy || !media} onClick={() => void sendVoucher()} data-testid="tax-voucher-submit">
                    {o.voucherSubmit}
                  </Button>
                </div>
              </>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
