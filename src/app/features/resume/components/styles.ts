import { makeStyles, tokens } from '@fluentui/react-components';

export const useDialogStyles = makeStyles({
  surface: { width: '760px', maxWidth: 'calc(100vw - 32px)' },
  center: { padding: tokens.spacingVerticalXXL, display: 'flex', justifyContent: 'center', color: tokens.colorNeutralForeground3 },
  section: { marginTop: tokens.spacingVerticalL },
  sectionTitle: {
    margin: `0 0 ${tokens.spacingVerticalS}`,
    paddingLeft: tokens.spacingHorizontalS,
    borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorBrandStroke1}`,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase400,
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(14em, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  pair: { display: 'flex', gap: tokens.spacingHorizontalS, minWidth: 0 },
  term: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
  def: { margin: 0, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  scroll: { maxHeight: '68vh', overflowY: 'auto', paddingRight: tokens.spacingHorizontalS },
});
