import type { ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    overflowX: 'auto',
    maxWidth: '100%',
    // keyboard users scroll it too (it is a tab stop); the focus ring shows where they are
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
    '& > table': { minWidth: 'var(--table-min)' },
    '& th': { whiteSpace: 'nowrap' },
    // a status badge is one word: never broken into a column of characters
    '& .fui-Badge': { whiteSpace: 'nowrap', flexShrink: 0 },
    // the first column (the row's name) stays in view while the rest scrolls under it
    // (a row's 详情, one cell across the table, is no column: it stays put)
    '& tr > :first-child:not([colspan])': {
      position: 'sticky',
      left: 0,
      zIndex: 1,
      backgroundColor: tokens.colorNeutralBackground1,
      boxShadow: `inset -1px 0 0 ${tokens.colorNeutralStroke2}`,
    },
    '& tbody tr:hover > :first-child:not([colspan])': { backgroundColor: tokens.colorSubtleBackgroundHover },
    // the sideways scroll shows itself (issue 33: /dimission's 同意 sat behind a scroll with no
    // visible scrollbar): a styled scrollbar is drawn always, also where the system hides them
    '::-webkit-scrollbar': { height: '10px', width: '10px' },
    '::-webkit-scrollbar-thumb': { backgroundColor: tokens.colorNeutralStroke1, borderRadius: tokens.borderRadiusMedium },
    '::-webkit-scrollbar-track': { backgroundColor: tokens.colorNeutralBackground3 },
  },
  /** the 操作 column stays in view at the right while the others scroll under it */
  pinLast: {
    '& tr > :last-child:not([colspan])': {
      position: 'sticky',
      right: 0,
      zIndex: 1,
      backgroundColor: tokens.colorNeutralBackground1,
      boxShadow: `inset 1px 0 0 ${tokens.colorNeutralStroke2}`,
    },
    '& tbody tr:hover > :last-child:not([colspan])': { backgroundColor: tokens.colorSubtleBackgroundHover },
  },
});

export interface TableScrollProps {
  /** names the scroll region for screen readers (usually the table's own label) */
  label: string;
  /**
   * the table's narrowest width: below it the table scrolls sideways instead of crushing its
   * columns (a 768 px tablet keeps the columns a 1024 px window has)
   */
  minWidth?: string;
  /** the last column (操作) stays in view at the right (ListTable pins its actions) */
  pinLast?: boolean;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * The one wrapper of every list table (issue 18): readable columns on tablets and narrow
 * windows — a sideways scroll with the first column fixed — so no column is crushed and no
 * action clipped. Wrap a Fluent `Table` in it; nothing else changes.
 */
export function TableScroll({ label, minWidth = '960px', pinLast, className, testId, children }: TableScrollProps) {
  const s = useStyles();
  return (
    <div
      className={mergeClasses(s.root, pinLast && s.pinLast, className)}
      style={{ ['--table-min' as string]: minWidth }}
      role="region"
      aria-label={label}
      // a scroll region must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      data-table-scroll=""
      // its scrollbar is always drawn: what scrolls out of sight can be seen to be there
      data-scroll-cue=""
      data-testid={testId}
    >
      {children}
    </div>
  );
}
