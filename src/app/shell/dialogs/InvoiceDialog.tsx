import { Dialog, DialogSurface, makeStyles } from '@fluentui/react-components';
import { useSnapshot } from 'valtio';
import { InvoiceEditor } from '../../features/invoice';
import { dialogs } from '../../shared/dialogs/store';
import { tMembership } from '../../shared/i18n/zh-CN.membership';
import { sizes } from '../../shared/theme';

const useStyles = makeStyles({ surface: { maxWidth: sizes.vipDialog } });

/** The invoice dialog (SPEC §2, §5): the company's invoice details, or an order's invoice after a payment. */
export default function InvoiceDialog() {
  const s = useStyles();
  const { invoice } = useSnapshot(dialogs);
  const close = () => (dialogs.invoice = null);
  return (
    <Dialog open={invoice !== null} modalType="alert" onOpenChange={(_, d) => !d.open && close()}>
      <DialogSurface className={s.surface} data-testid="invoice-dialog">
        {invoice && (
          <InvoiceEditor
            key={invoice.orderId ?? 'company'}
            orderId={invoice.orderId}
            packName={invoice.packName}
            title={invoice.orderId ? tMembership.invoice.orderTitle : tMembership.invoice.title}
            onDone={close}
          />
        )}
      </DialogSurface>
    </Dialog>
  );
}
