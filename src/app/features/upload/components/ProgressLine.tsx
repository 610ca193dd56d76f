import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  track: {
    position: 'relative',
    overflow: 'hidden',
    width: '100%',
    height: '4px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground6,
  },
  medium: { height: '2px' },
  // the bar moves by transform: the compositor animates it, the page's main thread does not
  // (Fluent's ProgressBar animates `width` for 0.3 s: layout and paint on the main thread every
  // frame, continuously while progress arrives 4 times a second)
  bar: {
    position: 'absolute',
    inset: 0,
    transformOrigin: 'left center',
    transitionProperty: 'transform',
    transitionDuration: tokens.durationSlow,
    transitionTimingFunction: tokens.curveEasyEase,
    '@media (prefers-reduced-motion: reduce)': { transitionDuration: '0.01ms' },
  },
  brand: { backgroundColor: tokens.colorCompoundBrandBackground },
  error: { backgroundColor: tokens.colorPaletteRedBackground3 },
  success: { backgroundColor: tokens.colorPaletteGreenBackground3 },
});

/**
 * A determinate progress bar (role progressbar, 0–100) whose fill is scaled, not resized: a
 * transform transition runs on the compositor, so an upload's progress costs the page one style
 * update per progress event and no layout or paint per frame.
 */
export function ProgressLine({
  value,
  color = 'brand',
  thickness = 'large',
  'aria-label': label,
}: {
  /** 0…1 */
  value: number;
  color?: 'brand' | 'error' | 'success';
  thickness?: 'medium' | 'large';
  'aria-label'?: string;
}) {
  const s = useStyles();
  const v = Math.min(1, Math.max(0, value || 0));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(v * 100)}
      aria-label={label}
      className={mergeClasses(s.track, thickness === 'medium' && s.medium)}
    >
      <div className={mergeClasses(s.bar, s[color])} style={{ transform: `scaleX(${v})` }} />
    </div>
  );
}
