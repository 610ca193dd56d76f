import { Text, tokens } from '@fluentui/react-components';
import { fenText, yuanText } from '../../../../contract/money';
import type { FlexStats } from '../../../../contract/statistics';
import { tStat } from '../../../shared/i18n/zh-CN.statistics';
import { allZero, rateText } from '../lib/rates';
import { ChartCard, Kpi } from './ChartCard';
import { TrendChart } from './TrendChart';
import { useStatStyles } from './styles';

const T = tStat.flex;

/** 灵活用工: money paid (fen shown as yuan), fee, tax, people paid, the success rate, tasks; payouts per day. */
export function FlexSection({ d }: { d: FlexStats }) {
  const s = useStatStyles();
  const empty = allZero(d.trend.map((t) => t.paid));
  return (
    <section className={s.panel} aria-label={T.title} data-testid="section-flex" id="flex">
      <Text as="h2" className={s.sectionTitle} block>
        {T.title}
      </Text>
      <div className={s.kpis}>
        <Kpi id="flex-gross" label={T.gross} value={yuanText(d.gross)} />
        <Kpi id="flex-fee" label={T.fee} value={yuanText(d.fee)} />
        <Kpi id="flex-tax" label={T.tax} value={yuanText(d.tax)} />
        <Kpi id="flex-paid" label={T.paid} value={d.paid} />
        <Kpi id="flex-rate" label={T.successRate} value={rateText(d.success_rate)} hint={T.successHint(d.failed)} />
        <Kpi id="flex-published" label={T.published} value={d.tasks.published} />
        <Kpi id="flex-active" label={T.active} value={d.tasks.active} />
        <Kpi id="flex-accepted" label={T.accepted} value={d.tasks.accepted} />
      </div>
      <div className={s.grid}>
        <ChartCard
          id="flex-trend"
          def="flex-trend"
          title={T.trend}
          empty={empty}
          table={{ cols: [T.dateCol, T.grossSeries, T.paidSeries], rows: d.trend.map((t) => [t.date, fenText(t.gross, { grouping: false }), t.paid]) }}
        >
          <TrendChart
            kind="bar"
            title={T.trend}
            dates={d.trend.map((t) => t.date)}
            series={[{ label: T.grossSeries, color: tokens.colorBrandBackground, values: d.trend.map((t) => t.gross / 100) }]}
            unit={tStat.units.yuan}
            format={(v) => String(Math.round(v * 100) / 100)}
            testId="chart-flex-trend"
          />
        </ChartCard>
      </div>
    </section>
  );
}
