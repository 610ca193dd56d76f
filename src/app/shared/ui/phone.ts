import { makeStyles, tokens } from '@fluentui/react-components';
import { sizes } from '../theme';

/**
 * The public phone pages' look (the worker's invitation and sign-up, the check of a signed file):
 * a column of cards, the scan-to-leave page's card, full width on a phone.
 */
export const usePhoneStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, width: '100%', maxWidth: sizes.loginCard, margin: '0 auto' },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    overflowWrap: 'anywhere',
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, fontWeight: tokens.fontWeightSemibold },
  subtitle: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, fontWeight: tokens.fontWeightSemibold },
  note: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  /** a hash or code that must break anywhere on a 360 px screen */
  hash: { overflowWrap: 'anywhere' },
  rows: { display: 'flex', flexDirection: 'column', margin: 0 },
  row: {
    display: 'flex',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} 0`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  label: { color: tokens.colorNeutralForeground3, flexShrink: 0, margin: 0 },
  value: { textAlign: 'right', margin: 0 },
  pay: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  state: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS, textAlign: 'center' },
  ok: { color: tokens.colorPaletteGreenForeground1, fontSize: tokens.fontSizeHero800 },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeHero800 },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  taskRow: { alignItems: 'center' },
  grow: { flexGrow: 1, minWidth: 0 },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, marginTop: tokens.spacingVerticalXXS },
  actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});
