import { useEffect, useRef, type ReactNode } from 'react';
import { Button, makeStyles, Popover, PopoverSurface, PopoverTrigger, Text, tokens } from '@fluentui/react-components';
import { FIGURES, KIND_TEXT, type FigureId } from '../../../contract/statistics-defs';
import { tStat } from '../i18n/zh-CN.statistics';

const useStyles = makeStyles({
  btn: { minWidth: 'auto', height: 'auto', padding: `0 ${tokens.spacingHorizontalXXS}`, color: tokens.colorNeutralForeground3, fontWeight: 'normal' },
  surface: { maxWidth: '320px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  kind: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
});

/**
 * ⓘ next to a figure: its definition from contract/statistics-defs (the text docs/statistics.md
 * spells out, the export's 指标 sheet repeats), opened by click or keyboard so touch reaches it.
 * The statistics page and the home page (loaded on the first click there, `open`) show the same.
 */
export function FigureInfo({ id, open, children }: { id: FigureId; open?: boolean; children?: ReactNode }) {
  const s = useStyles();
  const f = FIGURES[id];
  const btn = useRef<HTMLButtonElement>(null);
  // opened in place of the home page's plain button: the focus moves here with it
  useEffect(() => {
    if (open) btn.current?.focus();
  }, [open]);
  return (
    <Popover withArrow positioning="below-start" defaultOpen={open}>
      <PopoverTrigger disableButtonEnhancement>
        <Button ref={btn} appearance="transparent" size="small" className={s.btn} aria-label={tStat.info.aria(f.label)} data-testid={`info-${id}`}>
          ⓘ
        </Button>
      </PopoverTrigger>
      <PopoverSurface className={s.surface} data-testid={`def-${id}`}>
        <Text weight="semibold">{f.label}</Text>
        <Text className={s.kind}>{tStat.info.kind(KIND_TEXT[f.kind])}</Text>
        <Text>{f.def}</Text>
        {children}
      </PopoverSurface>
    </Popover>
  );
}
