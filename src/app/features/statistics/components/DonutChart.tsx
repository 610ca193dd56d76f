import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { arcPath } from '../lib/axis';
import { rateText, shares } from '../lib/rates';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXL, flexWrap: 'wrap', minHeight: '220px' },
  svg: { width: '200px', height: '200px', flexShrink: 0 },
  total: { fill: tokens.colorNeutralForeground1, fontSize: '28px', fontWeight: 600 },
  caption: { fill: tokens.colorNeutralForeground3, fontSize: '12px' },
  legend: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, fontVariantNumeric: 'tabular-nums' },
  swatch: { width: '10px', height: '10px', borderRadius: tokens.borderRadiusSmall, flexShrink: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * Shares of a whole as a plain SVG donut with Fluent tokens; the legend beside it is a list that
 * says every slice in words (label, count, share), so the picture itself is hidden from readers.
 */
export function DonutChart(p: { title: string; items: { label: string; count: number; color: string }[]; total: number; totalLabel: string }) {
  const s = useStyles();
  const sum = p.items.reduce((a, b) => a + b.count, 0);
  const pcts = shares(p.items.map((i) => i.count));
  let a = 0;
  return (
    <div className={s.root}>
      <svg className={s.svg} viewBox="0 0 200 200" aria-hidden>
        {p.items.map((it) => {
          const a0 = a;
          a += sum > 0 ? (it.count / sum) * 2 * Math.PI : 0;
          return it.count > 0 ? (
            <path key={it.label} d={arcPath(100, 100, 96, 62, a0, a)} fill={it.color} stroke={tokens.colorNeutralBackground1} strokeWidth={1.5} />
          ) : null;
        })}
        <text className={s.total} x={100} y={104} textAnchor="middle">
          {p.total}
        </text>
        <text className={s.caption} x={100} y={124} textAnchor="middle">
          {p.totalLabel}
        </text>
      </svg>
      <ul className={s.legend} aria-label={p.title}>
        {p.items.map((it, i) => (
          <li key={it.label} className={s.item}>
            <span className={s.swatch} style={{ backgroundColor: it.color }} aria-hidden />
            <Text>{it.label}</Text>
            <Text weight="semibold">{it.count}</Text>
            <Text className={s.muted}>{rateText(pcts[i] ?? null)}</Text>
          </li>
        ))}
      </ul>
    </div>
  );
}
