import { makeStyles, tokens } from '@fluentui/react-components';
import { sizes } from '../../../shared/theme';

export const useStatStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingBottom: tokens.spacingVerticalXL },
  panel: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    padding: tokens.spacingHorizontalL,
    // a section opened by its link (/statistics#flex) stops below the sticky nav bar
    scrollMarginTop: `calc(${sizes.navHeight} + ${tokens.spacingVerticalL})`,
  },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  sectionTitle: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, marginBottom: tokens.spacingVerticalS },
  kpis: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  kpi: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  kpiValue: { fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  muted: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))', gap: tokens.spacingHorizontalL },
  card: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalM, minWidth: 0 },
  cardHead: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: tokens.spacingVerticalS },
  cardTitle: { fontWeight: tokens.fontWeightSemibold },
  chart: { width: '100%', minHeight: '260px' },
  tableWrap: { overflowX: 'auto', maxHeight: '320px', overflowY: 'auto' },
  num: { textAlign: 'right', justifyContent: 'flex-end' },
  numHead: { '& > *': { justifyContent: 'flex-end', width: '100%' }, textAlign: 'right' },
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
});
