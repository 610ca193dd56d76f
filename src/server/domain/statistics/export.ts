/** 数据面板's .xlsx export (members only): one sheet per table the panel shows, the same numbers. */
import { pct } from '../../../contract/statistics';
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
  const wb = newWorkbook();
  const sheet = (name: string, cols: [string, number][], rows: (string | number | null)[][]) => {
    const ws = headedSheet(
      wb,
      name,
      cols.map(([header, width]) => ({ header, width })),
    );
    for (const row of rows) ws.addRow(row.map((v) => v ?? '—'));
  };
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
    '离职',
    [
      ['指标', 20],
      ['数值', 12],
    ],
    [
      ['统计区间', `${r.start} 至 ${r.end}`],
      ['平均录用周期(天)', rec.avg_hire_days],
      ['离职人数', dep.left],
      ['期初人数', dep.headcount_start],
      ['期末人数', dep.headcount_end],
      ['离职率(%)', dep.rate],
      ['出具离职证明', dep.proofs_issued],
      ...dep.types.map((t) => [`离职类型：${t.label}`, t.count]),
    ],
  );
  const flex = await flexStats(db, companyId, r);
  const crc = await crcStats(db, companyId, r);
  const yuan = (fen: number) => Math.round(fen) / 100;
  sheet(
    '灵活用工',
    [
      ['指标', 20],
      ['数值', 14],
    ],
    [
      ['发放总额(元)', yuan(flex.gross)],
      ['服务费(元)', yuan(flex.fee)],
      ['代扣税费(元)', yuan(flex.tax)],
      ['发放人次', flex.paid],
      ['发放失败', flex.failed],
      ['成功率(%)', flex.success_rate],
      ['新发布任务', flex.tasks.published],
      ['进行中任务', flex.tasks.active],
      ['验收通过人次', flex.tasks.accepted],
    ],
  );
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
  return xlsxExport(wb, `数据面板_${r.start}_${r.end}.xlsx`);
}
