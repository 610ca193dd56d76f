import { Text, tokens } from '@fluentui/react-components';
import type { DepartureStats } from '../../../../contract/statistics';
import { tStat } from '../../../shared/i18n/zh-CN.statistics';
import { rateText, shares } from '../lib/rates';
import { ChartCard, Kpi } from './ChartCard';
import { DonutChart } from './DonutChart';
import { HeadcountDialog } from './HeadcountDialog';
import { useCan } from '../../../shared/session/permissions';
import { useStatStyles } from './styles';

const T = tStat.dim;
/** today's China date (the server refuses a later day in any case) */
const chinaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const COLORS = [
  tokens.colorBrandBackground,
  tokens.colorPaletteTealBorderActive,
  tokens.colorPaletteMarigoldBorderActive,
  tokens.colorPaletteDarkOrangeBorderActive,
  tokens.colorPaletteBerryBorderActive,
  tokens.colorPaletteGreenBorderActive,
  tokens.colorNeutralStroke1,
];

/** 离职: count, rate on the average headcount, reasons as a donut, proofs and handling time. */
export function DepartureSection({ d, department, onSaved }: { d: DepartureStats; department?: string; onSaved: () => void }) {
  const s = useStatStyles();
  const can = useCan();
  const pcts = shares(d.types.map((t) => t.count));
  return (
    <section className={s.panel} aria-label={T.title} data-testid="section-dimission" id="departure">
      <div className={s.bar}>
        <Text as="h2" className={`${s.sectionTitle} ${s.grow}`} block>
          {T.title}
        </Text>
        {can('admin') && <HeadcountDialog today={chinaToday()} department={department} onSaved={onSaved} />}
      </div>
      <div className={s.kpis}>
        <Kpi id="left" label={T.left} value={d.left} />
        <Kpi id="rate" label={T.rate} value={rateText(d.rate)} hint={T.rateHint(d.headcount_start, d.headcount_end)} />
        <Kpi id="proofs" label={T.proofs} value={d.proofs_issued} />
        <Kpi id="handled" label={T.handled} value={d.requests_handled} />
        <Kpi id="avg-handle" label={T.avgHandle} value={d.avg_handle_hours === null ? '—' : T.hours(d.avg_handle_hours)} />
      </div>
      <div className={s.grid}>
        <ChartCard
          id="reasons"
          def="reasons"
          title={T.reasons}
          empty={d.types.length === 0}
          table={{ cols: [T.typeCol, T.countCol, T.shareCol], rows: d.types.map((t, i) => [t.label, t.count, rateText(pcts[i] ?? null)]) }}
        >
          <DonutChart
            title={T.reasons}
            items={d.types.map((t, i) => ({ label: t.label, count: t.count, color: COLORS[i % COLORS.length]! }))}
            total={d.left}
            totalLabel={T.left}
          />
        </ChartCard>
      </div>
    </section>
  );
}
