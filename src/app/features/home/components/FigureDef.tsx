import { Link } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import type { FigureId } from '../../../../contract/statistics-defs';
import { tHome } from '../../../shared/i18n/zh-CN.home';
import { FigureInfo } from '../../../shared/ui/FigureInfo';

/**
 * The home page's ⓘ once clicked (loaded then, not with the page): the panel's definition of the
 * figure, opened in place of the page's plain button, and the way to the panel.
 */
export default function FigureDef({ id }: { id: FigureId }) {
  const [, navigate] = useLocation();
  return (
    <FigureInfo id={id} open>
      <Link onClick={() => navigate('/statistics')}>{tHome.overview.more}</Link>
    </FigureInfo>
  );
}
