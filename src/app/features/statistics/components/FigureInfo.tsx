import { CURRENT_KIND, FIGURES, type FigureId } from '../../../../contract/statistics-defs';
import { tStat } from '../../../shared/i18n/zh-CN.statistics';

/** ⓘ next to a figure: shared with the home page's (shared/ui/FigureInfo). */
export { FigureInfo } from '../../../shared/ui/FigureInfo';

/** A range-free figure says so in its label (当前), whatever section it sits in. */
export const figureLabel = (id: FigureId, label: string) =>
  FIGURES[id].kind === CURRENT_KIND && !label.startsWith(tStat.info.current) ? `${label}${tStat.info.currentSuffix}` : label;
