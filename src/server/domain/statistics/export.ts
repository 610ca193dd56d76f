/**
 * 数据面板's .xlsx export (members only): every figure the page shows (the 指标 sheet, with each
 * figure's definition from contract/statistics-defs) and one sheet per table, from the same four
 * answers the page reads. Through the streamed exports (issue 34): the call answers a ticket,
 * domain/exports writes the file (指标 first, then the tables).
 */
import type { ExportTicket } from '../../../contract/exports';
import { pct } from '../../../contract/statistics';
import { FIGURES, KIND_TEXT, kpiValues, PANEL_KPIS } from '../../../contract/statistics-defs';
import type { Db } from '../../db/types';
import type { ExportSource, ExtraSheet } from '../exports/stream';
import { issueExportTicket, type TicketOwner } from '../exports/tickets';
import { crcStats, flexStats } from './flex-crc';
import { departureStats } from './departure';
import type { Range } from './range';
import { recruitStats } from './recruit';

const STEP_LABELS = ['浏览', '投递', '邀约面试', '到场', '录用', '入职'] as const;
export const STATS_EXPORT = 'statistics';
/** the 指标 sheet's lines: the range, each panel figure, and three more */
const KPI_ROWS = 1 + PANEL_KPIS.length + 3;
type Cell = string | number | null;
const sheet = (name: string, cols: [string, number][], rows: Cell[][]): ExtraSheet => ({
  name,
  columns: cols.map(([header, width]) => ({ header, width })),
  rows: rows.map((row) => row.map((v) => v ?? '—')),
});

/** 导出 of the panel over a range: its ticket. */
export async function statsExport(db: Db, o: TicketOwner, r: Range, now: Date): Promise<ExportTicket> {
  return issueExportTicket(db, o, { kind: STATS_EXPORT, params: { ...r }, filename: `数据面板_${r.start}_${r.end}.xlsx`, total: KPI_ROWS }, now);
}

/** The workbook of a claimed 数据面板 ticket: the four answers read once, 指标 streamed, the tables after it. */
export function statsSource(raw: Record<string, unknown>, companyId: number): ExportSource<Cell[]> {
  const p = raw as unknown as Range & { from: string; to: string };
  const r: Range = { ...p, from: new Date(p.from), to: new Date(p.to) };
  let read: Promise<{ kpis: Cell[][]; tables: ExtraSheet[] }> | null = null;
  const stats = (db: Db) => (read ??= workbookOf(db, companyId, r));
  const KEYS = ['section', 'label', 'value', 'kind', 'def'] as const;
  return {
    sheet: '指标',
    columns: [
      { header: '板块', key: 'section', width: 10 },
      { header: '指标', key: 'label', width: 16 },
      { header: '数值', key: 'value', width: 12 },
      { header: '口径', key: 'kind', width: 22 },
      { header: '定义', key: 'def', width: 60 },
    ],
    batch: async (db, after) => (after ? [] : (await stats(db)).kpis),
    row: (cells) => Object.fromEntries(KEYS.map((k, i) => [k, cells[i] ?? '—'])),
    more: async (db) => (await stats(db)).tables,
  };
}

async function workbookOf(db: Db, companyId: number, r: Range): Promise<{ kpis: Cell[][]; tables: ExtraSheet[] }> {
  const rec = await recruitStats(db, companyId, r);
  const dep = await departureStats(db, companyId, r);
  const flex = await flexStats(db, companyId, r);
  const crc = await crcStats(db, companyId, r);
  const kv = kpiValues(rec, dep, flex, crc);
  const kpis: Cell[][] = [
    ['统计区间', `${r.start} 至 ${r.end}`, null, null, null],
    ...PANEL_KPIS.map((id) => [FIGURES[id].section, FIGURES[id].label, kv[id], KIND_TEXT[FIGURES[id].kind], FIGURES[id].def]),
    ['离职', '期初人数', dep.headcount_start, KIND_TEXT['期初期末'], FIGURES.rate.def],
    ['离职', '期末人数', dep.headcount_end, KIND_TEXT['期初期末'], FIGURES.rate.def],
    ['灵活用工', '发放失败', flex.failed, KIND_TEXT['事件'], FIGURES['flex-rate'].def],
  ];
  const steps = [rec.funnel.views, rec.funnel.applies, rec.funnel.invited, rec.funnel.attended, rec.funnel.hired, rec.funnel.onboarded];
  const yuan = (fen: number) => Math.round(fen) / 100;
  const tables = [
    sheet(
      '招聘漏斗',
      [
        ['环节', 12],
        ['人数', 10],
        ['较上一环节转化率(%)', 20],
      ],
      STEP_LABELS.map((l, i) => [l, steps[i]!, i === 0 ? null : pct(steps[i]!, steps[i - 1]!)]),
    ),
    sheet(
      '招聘趋势',
      [
        ['日期', 12],
        ['投递', 8],
        ['面试', 8],
        ['录用', 8],
      ],
      rec.trend.map((t) => [t.date, t.applies, t.interviews, t.hires]),
    ),
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
    ),
    sheet(
      '离职类型',
      [
        ['离职类型', 16],
        ['人数', 10],
      ],
      dep.types.map((t) => [t.label, t.count]),
    ),
    sheet(
      '发放趋势',
      [
        ['日期', 12],
        ['发放金额(元)', 14],
        ['发放人次', 10],
      ],
      flex.trend.map((t) => [t.date, yuan(t.gross), t.paid]),
    ),
    sheet(
      'CRC积分',
      [
        ['日期', 12],
        ['获得', 8],
        ['消耗', 8],
      ],
      [...crc.trend.map((t) => [t.date, t.earned, t.spent]), ['合计', crc.earned, crc.spent]],
    ),
    sheet(
      '消耗用途',
      [
        ['用途', 24],
        ['消耗积分', 10],
      ],
      crc.uses.map((u) => [u.reason, u.spent]),
    ),
  ];
  return { kpis, tables };
}
