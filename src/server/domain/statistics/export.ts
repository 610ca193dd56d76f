/**
 * 数据面板's .xlsx export (members only): every figure the page shows (the 指标 sheet, with each
 * figure's definition from contract/statistics-defs) and one sheet per table, from the same four
 * answers the page reads.
 */
import { pct } from '../../../contract/statistics';
import { FIGURES, KIND_TEXT, kpiValues, PANEL_KPIS } from '../../../contract/statistics-defs';
import type { Db } from '../../db/types';
import { headedSheet, newWorkbook, xlsxExport } from '../../lib/xlsx';
import { crcStats, flexStats } from './flex-crc';
import { departureStats } from './departure';
import type { Range } from './range';
import { recruitStats } from './recruit';

const STEP_LABELS = ['浏览', '投递', '邀约面试', '到场', '录用', '入职'] as const;

export async function statsWorkbook(db: Db, companyId: number, r: Range): Promise<{ filename: string; content_base64: string }> {
  const rec = await recruitStats(db, companyId, r);
  const dep = await departureStats(db, companyId, r);
  const flex = await flexStats(db, companyId, r);
  const crc = await crcStats(db, companyId, r);
  const wb = newWorkbook();
  const sheet = (name: string, cols: [string, number][], rows: (string | number | null)[][]) => {
    const ws = headedSheet(
      wb,
      name,
      cols.map(([header, width]) => ({ header, width })),
    );
    for (const row of rows) ws.addRow(row.map((v) => v ?? '—'));
  };
  const kv = kpiValues(rec, dep, flex, crc);
  sheet(
    '指标',
    [
      ['板块', 10],
      ['指标', 16],
      ['数值', 12],
      ['口径', 22],
      ['定义', 60],
    ],
    [
      ['统计区间', `${r.start} 至 ${r.end}`, null, null, null],
      ...PANEL_KPIS.map((id) => [FIGURES[id].section, FIGURES[id].label, kv[id], KIND_TEXT[FIGURES[id].kind], FIGURES[id].def]),
      ['离职', '期初人数', dep.headcount_start, KIND_TEXT['期初期末'], FIGURES.rate.def],
      ['离职', '期末人数', dep.headcount_end, KIND_TEXT['期初期末'], FIGURES.rate.def],
      ['灵活用工', '发放失败', flex.failed, KIND_TEXT['事件'], FIGURES['flex-rate'].def],
    ],
  );
  const steps = [rec.funnel.views, rec.funnel.applies, rec.funnel.invited, rec.funnel.attended, rec.funnel.hired, rec.funnel.onboarded];
  sheet(
    '招聘漏斗',
    [
      ['环节', 12],
      ['人数', 10],
      ['较上一环节转化率(%)', 20],
    ],
    STEP_LABELS.map((l, i) => [l, steps[i]!, i === 0 ? null : pct(steps[i]!, steps[i - 1]!)]),
  );
  sheet(
    '招聘趋势',
    [
      ['日期', 12],
      ['投递', 8],
      ['面试', 8],
      ['录用', 8],
    ],
    rec.trend.map((t) => [t.date, t.applies, t.interviews, t.hires]),
  );
  sheet(
    '职位明细',
    [
      ['职位', 24],
      ['浏览', 8],
      ['投递', 8],
      ['邀面', 8],
      ['录用', 8],
      ['转化率(%)', 12],
    ],
    rec.positions.map((p) => [p.title, p.views, p.applies, p.invited, p.hired, p.rate]),
  );
  sheet(
    '离职类型',
    [
      ['离职类型', 16],
      ['人数', 10],
    ],
    dep.types.map((t) => [t.label, t.count]),
  );
  const yuan = (fen: number) => Math.round(fen) / 100;
  sheet(
    '发放趋势',
    [
      ['日期', 12],
      ['发放金额(元)', 14],
      ['发放人次', 10],
    ],
    flex.trend.map((t) => [t.date, yuan(t.gross), t.paid]),
  );
  sheet(
    'CRC积分',
    [
      ['日期', 12],
      ['获得', 8],
      ['消耗', 8],
    ],
    [...crc.trend.map((t) => [t.date, t.earned, t.spent]), ['合计', crc.earned, crc.spent]],
  );
  sheet(
    '消耗用途',
    [
      ['用途', 24],
      ['消耗积分', 10],
    ],
    crc.uses.map((u) => [u.reason, u.spent]),
  );
  return xlsxExport(wb, `数据面板_${r.start}_${r.end}.xlsx`);
}
