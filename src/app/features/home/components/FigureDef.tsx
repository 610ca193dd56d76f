import { useEffect, useRef } from 'react';
import { Button, Link, Popover, PopoverSurface, PopoverTrigger, Text, tokens, makeStyles } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import { FIGURES, KIND_TEXT, type FigureId } from '../../../../contract/statistics-defs';
import { tStat } from '../../../shared/i18n/zh-CN.statistics';
import { tHome } from '../../../shared/i18n/zh-CN.home';

const useStyles = makeStyles({
  btn: { minWidth: 'auto', height: 'auto', padding: `0 ${tokens.spacingHorizontalXXS}`, color: tokens.colorNeutralForeground3, fontWeight: 'normal' },
  surface: { maxWidth: '320px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  kind: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
});

/**
 * The home page's ⓘ once clicked (loaded then, not with the page): the panel's definition of the
 * figure (contract/statistics-defs, the text the statistics page shows) and the way to the panel.
 * Mounted open, in place of the page's plain button, with the focus on its own.
 */
export default function FigureDef({ id }: { id: FigureId }) {
  const s = useStyles();
  const f = FIGURES[id];
  const [, navigate] = useLocation();
  const btn = useRef<HTMLButtonElement>(null);
  useEffect(() => btn.current?.focus(), []);
  return (
    <Popover withArrow defaultOpen positioning="below-start">
      <PopoverTrigger disableButtonEnhancement>
        <Button ref={btn} appearance="transparent" size="small" className={s.btn} aria-label={tStat.info.aria(f.label)} data-testid={`info-${id}`}>
          ⓘ
        </Button>
      </PopoverTrigger>
      <PopoverSurface className={s.surface} data-testid={`def-${id}`}>
        <Text weight="semibold">{f.label}</Text>
        <Text className={s.kind}>{tStat.info.kind(KIND_TEXT[f.kind])}</Text>
        <Text>{f.def}</Text>
        <Link onClick={() => navigate('/statistics')}>{tHome.overview.more}</Link>
      </PopoverSurface>
    </Popover>
  );
}
