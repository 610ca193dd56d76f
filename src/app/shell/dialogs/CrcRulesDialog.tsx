import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import { CrcRules } from '../../features/membership';
import { dialogs } from '../../shared/dialogs/store';
import { tMembership } from '../../shared/i18n/zh-CN.membership';
import { sizes } from '../../shared/theme';

const useStyles = makeStyles({ surface: { maxWidth: sizes.crcDialog } });

/** The CRC rules dialog (SPEC §2): tabs 企业CRC规则 / 部门CRC规则. */
export default function CrcRulesDialog() {
  const s = useStyles();
  const { crcRules } = useSnapshot(dialogs);
  const close = () => (dialogs.crcRules = false);
  return (
    <Dialog open={crcRules} onOpenChange={(_, d) => !d.open && close()}>
      <DialogSurface className={s.surface} data-testid="crc-rules-dialog">
        <DialogBody>
          <DialogTitle action={<Button appearance="subtle" aria-label={tMembership.crc.close} icon={<DismissRegular />} onClick={close} />}>
            {tMembership.crc.title}
          </DialogTitle>
          <DialogContent>{crcRules && <CrcRules />}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={close}>
              {tMembership.crc.close}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
