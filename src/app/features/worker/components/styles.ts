import { makeStyles, tokens } from '@fluentui/react-components';
import { sizes } from '../../../shared/theme';

/** The phone pages' look: the scan-to-leave page's card, full width on a phone. */
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
  inline: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  grow: { flexGrow: 1, minWidth: 0 },
  keep: { flexShrink: 0, whiteSpace: 'nowrap' },
  state: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS, textAlign: 'center' },
  ok: { color: tokens.colorPaletteGreenForeground1, fontSize: tokens.fontSizeHero800 },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeHero800 },
  actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  /** delivery photos: three square tiles a row, whatever the phone's width */
  photoBlock: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, width: '100%', textAlign: 'left' },
  photos: { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: tokens.spacingHorizontalS, width: '100%' },
  thumbLink: { display: 'block', lineHeight: 0 },
  thumb: {
    width: '100%',
    aspectRatio: '1 / 1',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    boxSizing: 'border-box',
  },
});
