import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Input, Spinner, Text } from '@fluentui/react-components';
import { t } from '../../../shared/i18n/zh-CN';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { toast } from '../../../shared/lib/notify';
import { QrCode } from '../../../shared/ui';
import { leaveQr } from '../api';
import { ConfirmDialog } from './Dialogs';
import { usePageStyles } from './styles';

/** 生成离职二维码: the company's scan-to-leave page as a QR (and its link). */
export function QrDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const s = usePageStyles();
  const T = tDim.qr;
  const [url, setUrl] = useState<string | null>(null);
  const [rotating, setRotating] = useState(false);
  useEffect(() => {
    if (open) leaveQr(false).then((d) => setUrl(d.url), onClose);
    else setUrl(null);
  }, [open, onClose]);
  const rotate = () => {
    setRotating(false);
    leaveQr(true).then(
      (d) => setUrl(d.url),
      () => {},
    );
  };
  return (
    <>
      <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{T.title}</DialogTitle>
            <DialogContent className={s.stack}>
              <Text className={s.note}>{T.intro}</Text>
              {!url ? (
                <Spinner label={t.state.loading} />
              ) : (
                <>
                  <div className={s.center}>
                    <QrCode value={url} alt={T.alt} testId="leave-qr" />
                  </div>
                  <Input readOnly value={url} aria-label={T.copy} data-testid="leave-url" />
                </>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setRotating(true)} disabled={!url}>
                {T.rotate}
              </Button>
              <Button
                disabled={!url}
                onClick={() =>
                  navigator.clipboard?.writeText(url!).then(
                    () => toast('success', T.copied),
                    () => {},
                  )
                }
              >
                {T.copy}
              </Button>
              <Button disabled={!url} onClick={() => window.open(url!, '_blank')}>
                {T.open}
              </Button>
              <Button appearance="primary" onClick={onClose} data-testid="qr-close">
                {T.close}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <ConfirmDialog open={rotating} title={T.rotate} onCancel={() => setRotating(false)} onConfirm={rotate}>
        {T.rotateHint}
      </ConfirmDialog>
    </>
  );
}
