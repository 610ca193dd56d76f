import { Button, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { tAccounts } from '../../../shared/i18n/zh-CN.accounts';
import { toastError, toastSuccess } from '../../../shared/lib/notify';
import { QrCode } from '../../../shared/ui';

const useStyles = makeStyles({
  root: { display: 'flex', gap: tokens.spacingHorizontalXXL, alignItems: 'center', flexWrap: 'wrap' },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, flexGrow: 1, minWidth: 0 },
  row: { display: 'flex', gap: tokens.spacingHorizontalS },
  input: { flexGrow: 1, minWidth: 0 },
  qr: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** An invitation link with a copy button and its QR code. */
export function InviteLink({ label, url, qrCaption }: { label: string; url: string; qrCaption: string }) {
  const s = useStyles();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toastSuccess(tAccounts.friends.copied);
    } catch {
      toastError(tAccounts.friends.copyFailed);
    }
  };
  return (
    <div className={s.root}>
      <div className={s.qr}>
        <QrCode value={url} alt={qrCaption} testId="invite-qr" />
        <Text size={200} className={s.muted}>
          {qrCaption}
        </Text>
      </div>
      <div className={s.side}>
        <Text weight="semibold">{label}</Text>
        <div className={s.row}>
          <Input className={s.input} readOnly value={url} aria-label={label} data-testid="invite-url" />
          <Button icon={<CopyRegular />} onClick={copy}>
            {tAccounts.friends.copy}
          </Button>
        </div>
      </div>
    </div>
  );
}
