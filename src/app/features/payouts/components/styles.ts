import { makeStyles, tokens } from '@fluentui/react-components';

export const usePayStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingBottom: tokens.spacingVerticalXL },
  panel: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow2, padding: tokens.spacingHorizontalL },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', marginBottom: tokens.spacingVerticalM },
  balance: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
  tableWrap: { overflowX: 'auto', marginTop: tokens.spacingVerticalM },
  table: { tableLayout: 'auto', minWidth: '100%' },
  small: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  nowrap: { whiteSpace: 'nowrap' },
  num: { whiteSpace: 'nowrap', textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  plus: { color: tokens.colorPaletteGreenForeground1 },
  minus: { color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  fields: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(14em, 1fr))', gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}` },
  label: { color: tokens.colorNeutralForeground3, marginRight: tokens.spacingHorizontalS },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  sub: { margin: `${tokens.spacingVerticalM} 0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
});
