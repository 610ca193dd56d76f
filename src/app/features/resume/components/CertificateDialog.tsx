import { useEffect, useRef, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import { recruitDialogs } from '../../../shared/dialogs/recruit';
import { t } from '../../../shared/i18n/zh-CN';
import { tRecruit } from '../../../shared/i18n/zh-CN.recruitment';
import { session } from '../../../shared/session';
import { CANVAS_MAX_W, drawCertificate, stamp } from '../lib/canvas';
import { useDialogStyles } from './styles';

const useStyles = makeStyles({
  // the canvas is at most 992px wide (SPEC §9); the dialog leaves room around it
  surface: { width: `calc(${CANVAS_MAX_W}px * 0.75)`, maxWidth: 'calc(100vw - 32px)' },
  frame: {
    maxHeight: '70vh',
    overflow: 'auto',
    display: 'flex',
    justifyContent: 'center',
    // no stretching: the canvas keeps the proof's proportions
    alignItems: 'flex-start',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingVerticalS,
  },
  canvas: {
    maxWidth: '100%',
    height: 'auto',
    boxShadow: tokens.shadow8,
    // the watermark takes its colour and face from here (no colours written in code)
    color: tokens.colorNeutralForeground3,
    fontFamily: tokens.fontFamilyBase,
  },
  hidden: { display: 'none' },
  hint: { color: tokens.colorNeutralForeground3, marginTop: tokens.spacingVerticalS, display: 'block' },
});

/** The departure proof drawn on a canvas capped at 992×1402 with a viewer watermark (SPEC §9). */
export function CertificateDialog() {
  const s = useStyles();
  const d = useDialogStyles();
  const { certificate } = useSnapshot(recruitDialogs);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const url = certificate?.url ?? null;

  useEffect(() => {
    if (!url) return;
    setState('loading');
    const img = new Image();
    let alive = true;
    img.onload = () => {
      const c = canvas.current;
      if (!alive || !c) return;
      const css = getComputedStyle(c);
      const who = session.member?.name || session.user?.realname || '';
      const mobile = session.user?.mobile ? session.user.mobile.slice(-4) : '';
      const text = tRecruit.certificate.watermark(session.member?.company_name ?? '', `${who}${mobile ? `(${mobile})` : ''}`, stamp(new Date()));
      drawCertificate(c, img, text, { font: `28px ${css.fontFamily}`, color: css.color });
      setState('ready');
    };
    img.onerror = () => alive && setState('failed');
    img.src = url;
    return () => {
      alive = false;
      img.onload = null;
      img.onerror = null;
    };
  }, [url]);

  const close = () => (recruitDialogs.certificate = null);
  return (
    <Dialog open={certificate !== null} onOpenChange={(_, x) => !x.open && close()}>
      <DialogSurface className={s.surface} data-testid="certificate-dialog" aria-label={tRecruit.certificate.title}>
        <DialogBody>
          <DialogTitle action={<Button appearance="subtle" icon={<DismissRegular />} aria-label={tRecruit.certificate.close} onClick={close} />}>
            {tRecruit.certificate.title}
            {certificate ? ` · ${certificate.caption}` : ''}
          </DialogTitle>
          <DialogContent>
            <div className={s.frame}>
              {state === 'loading' && (
                <div className={d.center}>
                  <Spinner size="small" label={t.state.loading} />
                </div>
              )}
              {state === 'failed' && <div className={d.center}>{tRecruit.certificate.loadFailed}</div>}
              <canvas ref={canvas} className={state === 'ready' ? s.canvas : `${s.canvas} ${s.hidden}`} data-testid="certificate-canvas" />
            </div>
            <Text size={200} className={s.hint}>
              {tRecruit.certificate.hint}
            </Text>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={close}>
              {tRecruit.certificate.close}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
