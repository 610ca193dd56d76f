import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import { ArrowSyncRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import { t } from '../shared/i18n/zh-CN';
import { layers, sizes } from '../shared/theme';
import { pwa } from './pwa-state';
import { applyUpdate, dismissUpdate } from './sw-bridge';

const useStyles = makeStyles({
  dock: {
    position: 'fixed',
    left: '50%',
    bottom: tokens.spacingVerticalXXL,
    transform: 'translateX(-50%)',
    width: `min(${sizes.updateBar}, calc(100vw - 2 * ${tokens.spacingHorizontalL}))`,
    zIndex: layers.notices,
    boxShadow: tokens.shadow16,
    borderRadius: tokens.borderRadiusMedium,
  },
});

/**
 * 发现新版本: the new version is announced and applied only when the user asks (sw-bridge.ts).
 * With unsaved input or an upload running, the first click names what a reload would lose.
 */
export default function UpdateBar() {
  const s = useStyles();
  const { update, applying, confirmBusy } = useSnapshot(pwa);
  if (!update) return null;
  return (
    <div className={s.dock} role="region" aria-label={t.pwa.region}>
      <MessageBar intent={confirmBusy ? 'warning' : 'info'} layout="multiline" data-testid="update-bar" icon={<ArrowSyncRegular />}>
        <MessageBarBody>
          <MessageBarTitle>{confirmBusy ? t.pwa.busyTitle : t.pwa.updateTitle}</MessageBarTitle>
          {confirmBusy ? t.pwa.busyBody : t.pwa.updateBody}
        </MessageBarBody>
        <MessageBarActions>
          <Button appearance="primary" size="small" disabled={applying} onClick={() => applyUpdate(confirmBusy)}>
            {applying ? t.pwa.updating : confirmBusy ? t.pwa.updateAnyway : t.pwa.updateNow}
          </Button>
          <Button size="small" disabled={applying} onClick={dismissUpdate}>
            {t.pwa.later}
          </Button>
        </MessageBarActions>
      </MessageBar>
    </div>
  );
}
