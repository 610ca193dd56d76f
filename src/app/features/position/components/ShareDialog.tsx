import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { ShareData } from '../../../../contract/apply';
import type { PositionItem } from '../../../../contract';
import { t } from '../../../shared/i18n/zh-CN';
import { tRecruit } from '../../../shared/i18n/zh-CN.recruitment';
import { toast } from '../../../shared/lib/notify';
import { QrCode } from '../../../shared/ui';
import { sharePosition } from '../api';

const T = tRecruit.share;

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  center: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXS },
  note: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  meta: { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/**
 * 分享 a position: its public page (/m/job/:token, where job-seekers apply) as a QR code and a
 * link, made on first open; 重新生成链接 retires the old link after a confirmation.
 */
export function ShareDialog({ position, onClose }: { position: PositionItem | null; onClose: () => void }) {
  const s = useStyles();
  const [data, setData] = useState<ShareData | null>(null);
  const [confirming, setConfirming] = useState(false);
  const id = position?.id;
  useEffect(() => {
    setData(null);
    if (id === undefined) return;
    let live = true;
    sharePosition(id, false).then(
      (d) => live && setData(d),
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [id, onClose]);
  const rotate = () => {
    setConfirming(false);
    if (id === undefined) return;
    sharePosition(id, true).then(
      (d) => {
        setData(d);
        toast('success', T.rotated);
      },
      () => {},
    );
  };
  const url = data?.url ?? '';
  return (
    <>
      <Dialog open={position !== null && !confirming} onOpenChange={(_, d) => !d.open && onClose()}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{T.title(position?.title ?? '')}</DialogTitle>
            <DialogContent className={s.stack}>
              <Text className={s.note}>{T.intro}</Text>
              {!data ? (
                <Spinner label={t.state.loading} />
              ) : (
                <>
                  {data.status !== 'open' && (
                    <MessageBar intent="warning">
                      <MessageBarBody>{T.notOpen}</MessageBarBody>
                    </MessageBar>
                  )}
                  <div className={s.center}>
                    <QrCode value={url} alt={T.alt} testId="share-qr" />
                  </div>
                  <div className={s.meta}>
                    <Text className={s.note}>{T.createdAt(data.created_at.slice(0, 16))}</Text>
                    <Button size="small" appearance="transparent" onClick={() => setConfirming(true)} data-testid="share-rotate">
                      {T.rotate}
                    </Button>
                  </div>
                  <Field label={T.link}>
                    <Input readOnly value={url} data-testid="share-url" />
                  </Field>
                </>
              )}
            </DialogContent>
            <DialogActions>
              <Button
                disabled={!data}
                onClick={() =>
                  navigator.clipboard?.writeText(url).then(
                    () => toast('success', T.copied),
                    () => {},
                  )
                }
              >
                {T.copy}
              </Button>
              <Button disabled={!data} onClick={() => window.open(url, '_blank')}>
                {T.open}
              </Button>
              <Button appearance="primary" onClick={onClose} data-testid="share-close">
                {T.close}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <Dialog open={confirming} onOpenChange={(_, d) => !d.open && setConfirming(false)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{T.rotateTitle}</DialogTitle>
            <DialogContent>{T.rotateHint}</DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(false)}>{T.cancel}</Button>
              <Button appearance="primary" onClick={rotate} data-testid="share-rotate-confirm">
                {T.confirm}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
