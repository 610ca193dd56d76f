import { Text, tokens } from '@fluentui/react-components';
import type { CrcStats } from '../../../../contract/statistics';
import { tStat } from '../../../shared/i18n/zh-CN.statistics';
import { allZero } from '../lib/rates';
import { ChartCard, DataTable, Kpi } from './ChartCard';
import { FigureInfo } from './FigureInfo';
import { TrendChart, type Series } from './TrendChart';
import { useStatStyles } from './styles';

const T = tStat.crc;

/** CRC积分: earned and spent over the range, per day, and what the points were spent on. */
export function CrcSection({ d }: { d: CrcStats }) {
  const s = useStatStyles();
  const empty = allZero(d.trend.flatMap((t) => [t.earned, t.spent]));
  const series: Series[] = [
    { label: T.earnedSeries, color: tokens.colorPaletteGreenBorderActive, values: d.trend.map((t) => t.earned) },
    { label: T.spentSeries, color: tokens.colorPaletteDarkOrangeBorderActive, values: d.trend.map((t) => t.spent) },
  ];
  return (
    <section className={s.panel} aria-label={T.title} data-testid="section-crc" id="crc">
      <Text as="h2" className={s.sectionTitle} block>
        {T.title}
      </Text>
      <div className={s.kpis}>
        <Kpi id="crc-earned" label={T.earned} value={d.earned} />
        <Kpi id="crc-spent" label={T.spent} value={d.spent} />
        <Kpi id="crc-balance" label={T.balance} value={d.balance} />
      </div>
      <div className={s.grid}>
        <ChartCard
          id="crc-trend"
          def="crc-trend"
          title={T.trend}
          empty={empty}
          table={{ cols: [T.dateCol, T.earnedSeries, T.spentSeries], rows: d.trend.map((t) => [t.date, t.earned, t.spent]) }}
        >
          <TrendChart kind="line" title={T.trend} dates={d.trend.map((t) => t.date)} series={series} unit={tStat.units.points} testId="chart-crc-trend" />
        </ChartCard>
        <section className={s.card} aria-label={T.uses} data-testid="card-crc-uses">
          <Text className={s.cardTitle} block>
            {T.uses}
            <FigureInfo id="crc-uses" />
          </Text>
          {d.uses.length === 0 ? (
            <Text className={s.muted} block>
              {tStat.empty}
            </Text>
          ) : (
            <DataTable label={T.uses} testId="table-crc-uses" cols={[T.useCol, T.spentCol]} rows={d.uses.map((u) => [u.reason, u.spent])} />
          )}
        </section>
      </div>
    </section>
  );
}
