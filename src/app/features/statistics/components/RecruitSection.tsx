import { Text, tokens } from '@fluentui/react-components';
import type { RecruitStats } from '../../../../contract/statistics';
import { tStat } from '../../../shared/i18n/zh-CN.statistics';
import { allZero, funnelRows, rateText } from '../lib/rates';
import { ChartCard, DataTable, Kpi } from './ChartCard';
import { FigureInfo } from './FigureInfo';
import { FunnelBars } from './FunnelBars';
import { TrendChart, type Series } from './TrendChart';
import { useStatStyles } from './styles';

const T = tStat.recruit;
const SERIES_COLORS = {
  applies: tokens.colorBrandBackground,
  interviews: tokens.colorPaletteTealBorderActive,
  hires: tokens.colorPaletteDarkOrangeBorderActive,
};

/** 招聘: KPIs, the funnel, the daily trend and the per-position table. */
export function RecruitSection({ d }: { d: RecruitStats }) {
  const s = useStatStyles();
  const rows = funnelRows(d.funnel);
  const funnelEmpty = allZero(rows.map((r) => r.count));
  const trendEmpty = allZero(d.trend.flatMap((t) => [t.applies, t.interviews, t.hires]));
  const series: Series[] = (['applies', 'interviews', 'hires'] as const).map((k) => ({
    label: T.series[k],
    color: SERIES_COLORS[k],
    values: d.trend.map((t) => t[k]),
  }));
  return (
    <section className={s.panel} aria-label={T.title} data-testid="section-recruit">
      <Text as="h2" className={s.sectionTitle} block>
        {T.title}
      </Text>
      <div className={s.kpis}>
        <Kpi id="applies" label={T.steps.applies} value={d.funnel.applies} />
        <Kpi id="invited" label={T.steps.invited} value={d.funnel.invited} />
        <Kpi id="hired" label={T.steps.hired} value={d.funnel.hired} />
        <Kpi id="onboarded" label={T.steps.onboarded} value={d.funnel.onboarded} />
        <Kpi id="avg-hire" label={T.avgHire} value={d.avg_hire_days === null ? T.none : T.days(d.avg_hire_days)} />
      </div>
      <div className={s.grid}>
        <ChartCard
          id="funnel"
          def="funnel"
          title={T.funnel}
          note={T.funnelNote}
          empty={funnelEmpty}
          table={{ cols: [T.stepCol, T.countCol, T.rateCol], rows: rows.map((r) => [T.steps[r.step], r.count, rateText(r.rate)]) }}
        >
          <FunnelBars rows={rows} />
        </ChartCard>
        <ChartCard
          id="trend"
          def="trend"
          title={T.trend}
          empty={trendEmpty}
          table={{
            cols: [T.dateCol, T.series.applies, T.series.interviews, T.series.hires],
            rows: d.trend.map((t) => [t.date, t.applies, t.interviews, t.hires]),
          }}
        >
          <TrendChart kind="line" title={T.trend} dates={d.trend.map((t) => t.date)} series={series} unit={tStat.units.people} testId="chart-trend" />
        </ChartCard>
      </div>
      <div style={{ marginTop: tokens.spacingVerticalL }}>
        <Text className={s.cardTitle} block>
          {T.byPosition}
          <FigureInfo id="positions" />
        </Text>
        {d.positions.length === 0 ? (
          <Text className={s.muted} block data-testid="positions-empty">
            {tStat.empty}
          </Text>
        ) : (
          <DataTable
            label={T.byPosition}
            testId="table-positions"
            cols={[T.cols.title, T.cols.views, T.cols.applies, T.cols.invited, T.cols.hired, T.cols.rate]}
            rows={d.positions.map((p) => [p.title, p.views, p.applies, p.invited, p.hired, rateText(p.rate)])}
          />
        )}
        {d.positions.length > 0 && (
          <Text className={s.muted} block data-testid="positions-rate-note">
            {T.rateNote}
          </Text>
        )}
      </div>
    </section>
  );
}
