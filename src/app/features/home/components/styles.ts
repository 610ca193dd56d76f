import { makeStyles, tokens } from '@fluentui/react-components';

/** Shared card look of the home page. */
export const useCardStyles = makeStyles({
  card: {
    padding: tokens.spacingVerticalL,
    gap: tokens.spacingVerticalM,
    boxShadow: tokens.shadow2,
  },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  title: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  titleIcon: { color: tokens.colorBrandForeground1, fontSize: tokens.fontSizeBase500 },
  muted: { color: tokens.colorNeutralForeground3 },
  big: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  foot: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, marginTop: 'auto' },
});
