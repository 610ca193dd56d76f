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
  // the bar moves by transform, in steps (progress arrives 4 times a second) and not eased: Fluent's
  // ProgressBar animates `width` (layout and paint on the main thread every frame); an eased
  // transform still made the compositor draw 60 frames a second for the whole upload, 1.4 s of CPU
  // per GiB in Chromium's compositor without a GPU (a remote desktop, the bench) — a tenth of what
  // the upload itself took. Four steps a second cost four frames.
  bar: {
    position: 'absolute',
    inset: 0,
    transformOrigin: 'left center',
  },
  brand: { backgroundColor: tokens.colorCompoundBrandBackground },
  error: { backgroundColor: tokens.colorPaletteRedBackground3 },
  success: { backgroundColor: tokens.colorPaletteGreenBackground3 },
});

/**
 * A determinate progress bar (role progressbar, 0–100) whose fill is scaled, not resized: an
 * upload's progress costs the page one style update and one composited frame per progress event,
 * no layout or paint.
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
