import { Button, Dialog, DialogBody, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular, PremiumRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import { VipPurchase } from '../../features/membership';
import { dialogs, openInvoice } from '../../shared/dialogs/store';
import { tMembership } from '../../shared/i18n/zh-CN.membership';
import { sizes } from '../../shared/theme';

const useStyles = makeStyles({
  surface: { maxWidth: sizes.vipDialog },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  titleIcon: { color: tokens.colorBrandForeground1, fontSize: tokens.fontSizeBase600 },
});

/**
 * 开通企业会员 (SPEC §2/§4): packs → order → WeChat Pay QR → 我已完成支付 → the invoice dialog.
 * `modalType="alert"`: a click on the mask does not close it (SPEC §5); only its buttons do.
 */
export default function VipDialog() {
  const s = useStyles();
  const { vip } = useSnapshot(dialogs);
  const close = () => (dialogs.vip = false);
  return (
    <Dialog open={vip} modalType="alert" onOpenChange={(_, d) => !d.open && close()}>
      <DialogSurface className={s.surface} data-testid="vip-dialog">
        <DialogBody>
          <DialogTitle action={<Button appearance="subtle" aria-label={tMembership.vip.close} icon={<DismissRegular />} onClick={close} />}>
            <span className={s.title}>
              <PremiumRegular className={s.titleIcon} aria-hidden />
              {tMembership.vip.title}
            </span>
          </DialogTitle>
          <VipPurchase
            open={vip}
            onClose={close}
            onPaid={(orderId, pack) => {
              close();
              openInvoice(orderId, pack.name);
            }}
          />
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
