import { makeStyles, tokens } from '@fluentui/react-components';

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
  tableWrap: { overflowX: 'auto' },
  // columns size to their content (Fluent's table is fixed-width by default)
  table: { tableLayout: 'auto', minWidth: '100%' },
  muted: { color: tokens.colorNeutralForeground3 },
  small: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
  name: { fontWeight: tokens.fontWeightSemibold },
  nowrap: { whiteSpace: 'nowrap' },
});
