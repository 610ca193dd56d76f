import { makeStyles, tokens } from '@fluentui/react-components';
import { sizes } from '../../../shared/theme';
import { formGrid } from '../../../shared/theme/form-grid';

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
  table: { tableLayout: 'auto', minWidth: '100%' },
  muted: { color: tokens.colorNeutralForeground3 },
  small: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
  name: { fontWeight: tokens.fontWeightSemibold },
  nowrap: { whiteSpace: 'nowrap' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '52em' },
  grid: { ...formGrid, gap: tokens.spacingHorizontalL },
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
  /** a delivery's photos in 人员管理: small squares, each opening the image */
  thumbs: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, marginTop: tokens.spacingVerticalXS, maxWidth: '15em' },
  thumbLink: { display: 'block', lineHeight: 0, borderRadius: tokens.borderRadiusSmall },
  thumb: {
    width: sizes.touchTarget,
    height: sizes.touchTarget,
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusSmall,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground3,
    boxSizing: 'border-box',
  },
});
