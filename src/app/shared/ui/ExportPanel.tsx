/**
 * What a streamed export loads when it starts (one chunk: each chunk costs the shell its name in
 * the preload table): the download, the words, and the panel of a long one (rows in the file, MB
 * received, 取消).
 */
import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { tExports } from '../i18n/zh-CN.exports';

export { downloadTicket } from '../lib/stream-download';
export { tExports };

const useStyles = makeStyles({
  panel: {
    position: 'fixed',
    right: tokens.spacingHorizontalXXL,
    bottom: tokens.spacingVerticalXXL,
    zIndex: 1000,
    width: '280px',
    maxWidth: 'calc(100vw - 32px)',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow16,
  },
  row: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalS },
  sub: { color: tokens.colorNeutralForeground2 },
});

export default function ExportPanel(p: { total: number; bytes: number; onCancel: () => void }) {
  const s = useStyles();
  return (
    <div className={s.panel} role="status" aria-live="polite" data-testid="export-progress">
      <div className={s.row}>
        <Spinner size="tiny" label={tExports.title} />
        <Button size="small" onClick={p.onCancel} data-testid="export-cancel">
          {tExports.cancel}
        </Button>
      </div>
      <Text size={200} className={s.sub} data-testid="export-progress-text">
        {tExports.rows(p.total)} · {tExports.received((p.bytes / 1048576).toFixed(1))}
      </Text>
    </div>
  );
}
