import { lazy, Suspense, useState } from 'react';
import type { FigureId } from '../../../../contract/statistics-defs';
import { tHome } from '../../../shared/i18n/zh-CN.home';

const FigureDef = lazy(() => import('./FigureDef'));

/**
 * ⓘ next to a home figure: a plain button in the shell; the first click loads the definition
 * (FigureDef, with the statistics words) and opens it — the shell carries no definition text.
 */
export function FigureTip({ id, label, className }: { id: FigureId; label: string; className: string }) {
  const [on, setOn] = useState(false);
  const plain = (
    <button type="button" className={className} aria-label={tHome.overview.info(label)} onClick={() => setOn(true)} data-testid={`info-${id}`}>
      ⓘ
    </button>
  );
  if (!on) return plain;
  return (
    <Suspense fallback={plain}>
      <FigureDef id={id} />
    </Suspense>
  );
}
