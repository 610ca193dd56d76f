import { LineChart, type LineChartPoints } from '@fluentui/react-charts';
import { Text, tokens } from '@fluentui/react-components';
import type { CrcStats } from '../../../../contract/statistics';
import { tStat } from '../../../shared/i18n/zh-CN.statistics';
import { allZero } from '../lib/rates';
import { ChartCard, DataTable, Kpi } from './ChartCard';
import { useStatStyles } from './styles';

const T = tStat.crc;

/** CRC积分: earned and spent over the range, per day, and what the points were spent on. */
export function CrcSection({ d }: { d: CrcStats }) {
  const s = useStatStyles();
  const empty = allZero(d.trend.flatMap((t) => [t.earned, t.spent]));
  const series: LineChartPoints[] = [
    { legend: T.earnedSeries, color: tokens.colorPaletteGreenBorderActive, data: d.trend.map((t) => ({ x: new Date(`${t.date}T00:00:00`), y: t.earned })) },
    { legend: T.spentSeries, color: tokens.colorPaletteDarkOrangeBorderActive, data: d.trend.map((t) => ({ x: new Date(`${t.date}T00:00:00`), y: t.spent })) },
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
          title={T.trend}
          empty={empty}
          table={{ cols: [T.dateCol, T.earnedSeries, T.spentSeries], rows: d.trend.map((t) => [t.date, t.earned, t.spent]) }}
        >
          <LineChart
            data={{ chartTitle: T.trend, lineChartData: series }}
            height={260}
            culture="zh-CN"
            customDateTimeFormatter={(x) => `${x.getMonth() + 1}/${x.getDate()}`}
          />
        </ChartCard>
        <section className={s.card} aria-label={T.uses} data-testid="card-crc-uses">
          <Text className={s.cardTitle} block>
            {T.uses}
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
