import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useSnapshot } from 'valtio';
import { t } from '../shared/i18n/zh-CN';
import { layers } from '../shared/theme';
import { loadingOverlay } from './wire';

const useStyles = makeStyles({
  root: {
    position: 'fixed',
    inset: 0,
    zIndex: layers.overlay,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackgroundAlpha2,
  },
  box: {
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXXL}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
});

/** Full-screen 拼命加载中... while a call asked for it (SPEC §9). */
export function LoadingOverlay() {
  const s = useStyles();
  const { count } = useSnapshot(loadingOverlay);
  if (count <= 0) return null;
  return (
    <div className={s.root} data-testid="loading-overlay">
      <div className={s.box}>
        <Spinner size="small" label={t.state.loadingOverlay} />
      </div>
    </div>
  );
}
