import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { t } from '../i18n/zh-CN';
import { sizes } from '../theme';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}`,
    minHeight: '40vh',
    textAlign: 'center',
  },
  art: { width: sizes.illustration, height: 'auto' },
  cloud: { fill: tokens.colorNeutralBackground3, stroke: tokens.colorNeutralStroke1, strokeWidth: '2' },
  slash: { fill: 'none', stroke: tokens.colorPaletteRedForeground1, strokeWidth: '4', strokeLinecap: 'round' },
  wave: { fill: 'none', stroke: tokens.colorNeutralForeground3, strokeWidth: '3', strokeLinecap: 'round' },
  text: { color: tokens.colorNeutralForeground2 },
});

/**
 * 网络不给力，请稍后重试 + 重新加载 (SPEC §2). `message` replaces the text for the same situation
 * seen from another side (a chunk that did not load: ChunkLoadError).
 */
export function OfflineState({ onReload = () => location.reload(), message = t.state.offline }: { onReload?: () => void; message?: string }) {
  const s = useStyles();
  return (
    <div className={s.root} role="alert" data-testid="offline-state">
      <svg className={s.art} viewBox="0 0 160 110" aria-hidden>
        <path className={s.cloud} d="M46 88a22 22 0 0 1-2-43.9A30 30 0 0 1 101 36a24 24 0 0 1 15 52z" />
        <path className={s.wave} d="M62 62a26 26 0 0 1 36 0M70 71a14 14 0 0 1 20 0" />
        <circle cx="80" cy="79" r="3" className={s.slash} />
        <path className={s.slash} d="M52 30l56 60" />
      </svg>
      <Text size={400} className={s.text}>
        {message}
      </Text>
      <Button appearance="primary" icon={<ArrowClockwiseRegular />} onClick={onReload}>
        {t.state.reload}
      </Button>
    </div>
  );
}
