import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * The frame of a print page (离职证明, 电子回单): a grey desk with the 打印 bar on screen, nothing
 * but the paper on print.
 */
export const usePrintPageStyles = makeStyles({
  root: {
    minHeight: '100vh',
    backgroundColor: tokens.colorNeutralBackground3,
    padding: tokens.spacingVerticalL,
    boxSizing: 'border-box',
    '@media print': { backgroundColor: 'transparent', padding: 0, minHeight: 'auto' },
  },
  bar: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    justifyContent: 'center',
    flexWrap: 'wrap',
    marginBottom: tokens.spacingVerticalL,
    '@media print': { display: 'none' },
  },
  hint: { color: tokens.colorNeutralForeground3 },
});
