import { Suspense, useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { tTable } from '../i18n/zh-CN.table';
import { lazyChunk } from '../lib/chunks';
import type { RowAction } from './row-action';

export type { RowAction };

/** The menu itself comes with the first click on 更多 (RowMenu.tsx says why). */
const RowMenu = lazyChunk(() => import('./RowMenu'));

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
});

/**
 * A row's actions (issue 33): the first `shown` as buttons, the others under 更多 — a row stays
 * one line high and its 操作 column narrow enough to stay pinned in view. Order them by use.
 */
export function RowActions({ actions, shown = 2, moreTestId }: { actions: readonly RowAction[]; shown?: number; moreTestId?: string }) {
  const s = useStyles();
  const cut = actions.length <= shown ? actions.length : shown;
  const rest = actions.slice(cut);
  return (
    <div className={s.root}>
      {actions.slice(0, cut).map((a) => (
        <Button key={a.key} size="small" appearance="transparent" disabled={a.disabled} onClick={a.onClick} data-testid={a.testId}>
          {a.label}
        </Button>
      ))}
      {rest.length > 0 && <More actions={rest} testId={moreTestId} />}
    </div>
  );
}

/** 更多: a plain button until first clicked, then the menu, opened. */
function More({ actions, testId = 'row-more' }: { actions: readonly RowAction[]; testId?: string }) {
  const [open, setOpen] = useState<boolean | null>(null);
  const plain = (
    <Button size="small" appearance="transparent" icon={<MoreHorizontalRegular />} iconPosition="after" onClick={() => setOpen(true)} data-testid={testId}>
      {tTable.more}
    </Button>
  );
  if (open === null) return plain;
  return (
    <Suspense fallback={plain}>
      <RowMenu actions={actions} open={open} onOpenChange={setOpen} testId={testId} />
    </Suspense>
  );
}
