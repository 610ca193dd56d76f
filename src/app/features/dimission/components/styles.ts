import { makeStyles, tokens } from '@fluentui/react-components';
import { sizes } from '../../../shared/theme';

export const usePageStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingBottom: tokens.spacingVerticalXL },
  panel: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    padding: tokens.spacingHorizontalL,
  },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    marginBottom: tokens.spacingVerticalM,
  },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', marginBottom: tokens.spacingVerticalS },
  tableWrap: { overflowX: 'auto' },
  muted: { color: tokens.colorNeutralForeground3 },
  small: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  warn: { fontSize: tokens.fontSizeBase200, color: tokens.colorPaletteDarkOrangeForeground1 },
  danger: { fontSize: tokens.fontSizeBase200, color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
  name: { fontWeight: tokens.fontWeightSemibold },
  nowrap: { whiteSpace: 'nowrap' },
  reason: { maxWidth: sizes.menuWidth, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  form: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS },
  wide: { gridColumn: '1 / -1' },
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  /** the proof form and preview: as wide as the CRC rules dialog */
  wideDialog: { maxWidth: sizes.crcDialog, width: '96vw' },
  note: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, lineHeight: tokens.lineHeightBase200 },
});

/** The employee's phone pages (扫码离职, the proof link): one card on a grey desk. */
export const usePhoneCardStyles = makeStyles({
  root: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground3, padding: tokens.spacingVerticalL, boxSizing: 'border-box' },
  card: {
    maxWidth: sizes.loginCard,
    margin: '0 auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
    padding: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  title: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  note: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  grow: { flexGrow: 1 },
});
