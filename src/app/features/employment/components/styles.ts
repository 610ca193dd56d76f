import { makeStyles, tokens } from '@fluentui/react-components';

export const usePageStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingBottom: tokens.spacingVerticalXL },
  panel: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow2, padding: tokens.spacingHorizontalL },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', marginBottom: tokens.spacingVerticalM },
  tableWrap: { overflowX: 'auto' },
  table: { tableLayout: 'auto', minWidth: '100%' },
  muted: { color: tokens.colorNeutralForeground3 },
  small: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
  name: { fontWeight: tokens.fontWeightSemibold },
  nowrap: { whiteSpace: 'nowrap' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '52em' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(16em, 1fr))', gap: tokens.spacingHorizontalL },
  wide: { gridColumn: '1 / -1' },
  sectionTitle: {
    gridColumn: '1 / -1',
    margin: 0,
    paddingLeft: tokens.spacingHorizontalS,
    borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorBrandStroke1}`,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  footer: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});
