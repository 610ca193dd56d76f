import { Button, makeStyles, Popover, PopoverSurface, PopoverTrigger, Text, tokens } from '@fluentui/react-components';
import { CURRENT_KIND, FIGURES, KIND_TEXT, type FigureId } from '../../../../contract/statistics-defs';
import { tStat } from '../../../shared/i18n/zh-CN.statistics';

const useStyles = makeStyles({
  btn: { minWidth: 'auto', height: 'auto', padding: `0 ${tokens.spacingHorizontalXXS}`, color: tokens.colorNeutralForeground3, fontWeight: 'normal' },
  surface: { maxWidth: '320px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  kind: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
});

/**
 * ⓘ next to a figure: its definition from contract/statistics-defs (the text docs/statistics.md
 * spells out, the export's 指标 sheet repeats), opened by click or keyboard so touch reaches it.
 */
export function FigureInfo({ id }: { id: FigureId }) {
  const s = useStyles();
  const f = FIGURES[id];
  return (
    <Popover withArrow positioning="below-start">
      <PopoverTrigger disableButtonEnhancement>
        <Button appearance="transparent" size="small" className={s.btn} aria-label={tStat.info.aria(f.label)} data-testid={`info-${id}`}>
          ⓘ
        </Button>
      </PopoverTrigger>
      <PopoverSurface className={s.surface} data-testid={`def-${id}`}>
        <Text weight="semibold">{f.label}</Text>
        <Text className={s.kind}>{tStat.info.kind(KIND_TEXT[f.kind])}</Text>
        <Text>{f.def}</Text>
      </PopoverSurface>
    </Popover>
  );
}

/** A range-free figure says so in its label (当前), whatever section it sits in. */
export const figureLabel = (id: FigureId, label: string) =>
  FIGURES[id].kind === CURRENT_KIND && !label.startsWith(tStat.info.current) ? `${label}${tStat.info.currentSuffix}` : label;
