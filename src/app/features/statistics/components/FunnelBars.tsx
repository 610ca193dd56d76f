import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { tStat } from '../../../shared/i18n/zh-CN.statistics';
import { barWidths, rateText, type FunnelRow } from '../lib/rates';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: 'none' },
  row: { display: 'grid', gridTemplateColumns: '72px 1fr', alignItems: 'center', gap: tokens.spacingHorizontalS },
  track: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minHeight: '28px' },
  bar: {
    height: '28px',
    borderRadius: tokens.borderRadiusMedium,
    display: 'flex',
    alignItems: 'center',
    paddingLeft: tokens.spacingHorizontalS,
    boxSizing: 'border-box',
    overflow: 'hidden',
  },
  inside: { color: tokens.colorNeutralForegroundOnBrand, fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  outside: { fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  rate: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, paddingLeft: '80px' },
  note: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
});

const COLORS = [
  tokens.colorBrandBackground,
  tokens.colorPaletteBlueBorderActive,
  tokens.colorPaletteTealBorderActive,
  tokens.colorPaletteGreenBorderActive,
  tokens.colorPaletteMarigoldBorderActive,
  tokens.colorPaletteDarkOrangeBorderActive,
];

/**
 * The funnel as bars from the left whose length is proportional to the count (lib/rates
 * barWidths: 浏览 on its own scale, the people steps on one); 0 draws no bar. The count is
 * written on the bar, or just after it when the bar is too short to hold it.
 */
export function FunnelBars({ rows }: { rows: FunnelRow[] }) {
  const s = useStyles();
  const widths = barWidths(rows);
  return (
    <ol className={s.list} aria-label={tStat.recruit.funnel}>
      {rows.map((r, i) => {
        const w = widths[i]!;
        const inside = w >= 18;
        return (
          <li key={r.step} data-testid={`funnel-${r.step}`}>
            {i > 0 && <div className={s.rate}>↓ {rateText(r.rate)}</div>}
            <div className={s.row}>
              <Text>{tStat.recruit.steps[r.step]}</Text>
              <div className={s.track}>
                {w > 0 && (
                  <div className={s.bar} style={{ width: `${w}%`, backgroundColor: COLORS[i] }} data-testid={`funnel-bar-${r.step}`}>
                    {inside && (
                      <Text className={s.inside} data-testid={`funnel-count-${r.step}`}>
                        {r.count}
                      </Text>
                    )}
                  </div>
                )}
                {!inside && (
                  <Text className={s.outside} data-testid={`funnel-count-${r.step}`}>
                    {r.count}
                  </Text>
                )}
              </div>
            </div>
            {i === 0 && <Text className={s.note}>{tStat.recruit.viewsScale}</Text>}
          </li>
        );
      })}
    </ol>
  );
}
