import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { tStat } from '../../../shared/i18n/zh-CN.statistics';
import { rateText, type FunnelRow } from '../lib/rates';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: 'none' },
  row: { display: 'grid', gridTemplateColumns: '72px 1fr 64px', alignItems: 'center', gap: tokens.spacingHorizontalS },
  track: { display: 'flex', justifyContent: 'center' },
  bar: { height: '28px', borderRadius: tokens.borderRadiusMedium, minWidth: '4px', display: 'flex', alignItems: 'center', justifyContent: 'center' },
  count: { color: tokens.colorNeutralForegroundOnBrand, fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  rate: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, textAlign: 'center' },
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
 * The funnel as centred bars. Widths follow the square root of the count so that 浏览 (hundreds)
 * does not squash 录用 (a few) to a hairline; the numbers and the step rates are written on it.
 */
export function FunnelBars({ rows }: { rows: FunnelRow[] }) {
  const s = useStyles();
  const max = Math.sqrt(Math.max(1, ...rows.map((r) => r.count)));
  return (
    <ol className={s.list} aria-label={tStat.recruit.funnel}>
      {rows.map((r, i) => (
        <li key={r.step}>
          {i > 0 && <div className={s.rate}>↓ {rateText(r.rate)}</div>}
          <div className={s.row}>
            <Text>{tStat.recruit.steps[r.step]}</Text>
            <div className={s.track}>
              <div className={s.bar} style={{ width: `${Math.max(12, (Math.sqrt(r.count) / max) * 100)}%`, backgroundColor: COLORS[i] }}>
                <Text className={s.count}>{r.count}</Text>
              </div>
            </div>
            <span />
          </div>
        </li>
      ))}
    </ol>
  );
}
