import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { tStat } from '../../../shared/i18n/zh-CN.statistics';
import { labelIndexes, niceTicks, shortDay } from '../lib/axis';

export interface Series {
  label: string;
  color: string;
  values: number[];
}

/** Drawn at the container's width in CSS pixels (no viewBox scaling), so text is 11–12 px in a half card and in the full-width one alike. */
const H = 240;
const PAD = { l: 56, r: 12, t: 24, b: 28 };

/** The element's content width, kept by a ResizeObserver (600 until measured). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [w, setW] = useState(600);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([e]) => {
      const next = Math.round(e!.contentRect.width);
      if (next > 0) setW(next);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, w] as const;
}

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    outlineStyle: 'none',
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': { boxShadow: `0 0 0 2px ${tokens.colorStrokeFocus2}` },
  },
  head: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    minHeight: '20px',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
  },
  swatch: { display: 'inline-block', width: '10px', height: '10px', borderRadius: tokens.borderRadiusSmall, marginRight: tokens.spacingHorizontalXS },
  readout: { marginLeft: 'auto', color: tokens.colorNeutralForeground1, fontVariantNumeric: 'tabular-nums' },
  svg: { display: 'block', touchAction: 'pan-y' },
  axis: { fill: tokens.colorNeutralForeground3, fontSize: '12px' },
  grid: { stroke: tokens.colorNeutralStroke2, strokeWidth: 1 },
  guide: { stroke: tokens.colorNeutralStroke1, strokeWidth: 1, strokeDasharray: '3 3' },
});

/**
 * A daily trend as plain SVG with Fluent tokens: lines (several series) or bars (one series).
 * Keyboard: the chart is one tab stop; ←/→ (Home/End) walk the days and the readout above it,
 * a live region, says the day's values; the pointer does the same. 以表格查看 holds every number.
 */
export function TrendChart(p: {
  title: string;
  dates: string[];
  series: Series[];
  kind: 'line' | 'bar';
  /** the y axis's unit, written above it (人次, 元, 积分) */
  unit: string;
  format?: (v: number) => string;
  testId?: string;
}) {
  const s = useStyles();
  const [box, W] = useWidth();
  const [at, setAt] = useState<number | null>(null);
  const n = p.dates.length;
  const ticks = niceTicks(Math.max(0, ...p.series.flatMap((x) => x.values)));
  const top = ticks[ticks.length - 1]!;
  const iw = W - PAD.l - PAD.r;
  const ih = H - PAD.t - PAD.b;
  const band = iw / Math.max(1, n);
  const x = (i: number) => PAD.l + band * (i + 0.5);
  const y = (v: number) => PAD.t + ih - (v / top) * ih;
  const fmt = p.format ?? ((v: number) => String(v));

  const move = (i: number) => setAt(Math.max(0, Math.min(n - 1, i)));
  const onKey = (e: KeyboardEvent) => {
    const k = { ArrowLeft: (at ?? n) - 1, ArrowRight: (at ?? -1) + 1, Home: 0, End: n - 1 }[e.key];
    if (k === undefined || n === 0) return;
    e.preventDefault();
    move(k);
  };
  const onPointer = (e: PointerEvent<SVGSVGElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    move(Math.floor((e.clientX - r.left - PAD.l) / band));
  };

  return (
    <div
      className={s.root}
      tabIndex={0}
      role="group"
      aria-label={`${p.title}，${tStat.chartKeys}`}
      onKeyDown={onKey}
      onBlur={() => setAt(null)}
      data-testid={p.testId}
    >
      <div className={s.head}>
        {p.series.map((x) => (
          <span key={x.label}>
            <span className={s.swatch} style={{ backgroundColor: x.color }} aria-hidden />
            {x.label}
          </span>
        ))}
        <span className={s.readout} aria-live="polite" data-testid={p.testId && `${p.testId}-readout`}>
          {at !== null && `${p.dates[at]} ${p.series.map((x) => `${x.label} ${fmt(x.values[at] ?? 0)}`).join(' · ')}`}
        </span>
      </div>
      <div ref={box}>
        <svg className={s.svg} width={W} height={H} aria-hidden onPointerMove={onPointer} onPointerLeave={() => setAt(null)} data-unit={p.unit}>
          <text className={s.axis} x={PAD.l - 6} y={12} textAnchor="end">
            {p.unit}
          </text>
          {ticks.map((t) => (
            <g key={t}>
              <line className={s.grid} x1={PAD.l} x2={W - PAD.r} y1={y(t)} y2={y(t)} />
              <text className={s.axis} x={PAD.l - 6} y={y(t) + 4} textAnchor="end">
                {fmt(t)}
              </text>
            </g>
          ))}
          {labelIndexes(n).map((i) => (
            <text key={i} className={s.axis} x={x(i)} y={H - 8} textAnchor="middle">
              {shortDay(p.dates[i]!)}
            </text>
          ))}
          {p.kind === 'bar'
            ? p.series.map((sr, k) =>
                sr.values.map((v, i) => {
                  const w = Math.max(1, (band * 0.7) / p.series.length);
                  return v > 0 ? (
                    <rect
                      key={`${k}-${i}`}
                      x={x(i) - band * 0.35 + k * w}
                      y={y(v)}
                      width={w}
                      height={PAD.t + ih - y(v)}
                      fill={sr.color}
                      rx={Math.min(2, w / 2)}
                      opacity={at === null || at === i ? 1 : 0.55}
                    />
                  ) : null;
                }),
              )
            : p.series.map((sr) => (
                <polyline
                  key={sr.label}
                  fill="none"
                  stroke={sr.color}
                  strokeWidth={2}
                  strokeLinejoin="round"
                  points={sr.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}
                />
              ))}
          {at !== null && (
            <g>
              <line className={s.guide} x1={x(at)} x2={x(at)} y1={PAD.t} y2={PAD.t + ih} />
              {p.kind === 'line' &&
                p.series.map((sr) => (
                  <circle key={sr.label} cx={x(at)} cy={y(sr.values[at] ?? 0)} r={4} fill={sr.color} stroke={tokens.colorNeutralBackground1} strokeWidth={2} />
                ))}
            </g>
          )}
        </svg>
      </div>
    </div>
  );
}
