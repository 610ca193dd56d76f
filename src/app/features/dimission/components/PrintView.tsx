import { type ReactNode, useEffect, useState } from 'react';
import { Button, Spinner, Text } from '@fluentui/react-components';
import { PrintRegular } from '@fluentui/react-icons';
import type { ProofFacts } from '../../../../contract/dimission-rules';
import { t } from '../../../shared/i18n/zh-CN';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { EmptyState, usePrintPageStyles } from '../../../shared/ui';
import { ProofPaper } from './ProofPaper';

/** A4 page CSS; the print view's own (no webfont, the paper's margins). */
export const PAGE_CSS = `@page { size: A4; margin: 20mm 18mm; }
@media print {
  html, body { background: transparent !important; }
  body * { visibility: hidden; }
  [data-print-root], [data-print-root] * { visibility: visible; }
  [data-print-root] { position: absolute; left: 0; top: 0; width: 100%; }
}`;

/**
 * HR's A4 print view of a proof: the paper (one template), a bar with 打印 (window.print()) and the
 * page's own `actions` that print CSS hides. A draft is not printed (issue 30 item 5): it is not
 * a proof until issued, and has no serial or 验真码.
 */
export function PaperPage({
  load,
  printLabel,
  invalid,
  back,
}: {
  load: () => Promise<ProofFacts & { status: string }>;
  printLabel: string;
  invalid: string;
  back?: () => void;
}) {
  const s = usePrintPageStyles();
  const [facts, setFacts] = useState<(ProofFacts & { status: string }) | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    load().then(setFacts, () => setFailed(true));
  }, [load]);
  if (failed)
    return (
      <div className={s.root}>
        <EmptyState text={invalid} />
      </div>
    );
  if (!facts)
    return (
      <div className={s.root}>
        <Spinner label={t.state.loading} />
      </div>
    );
  const backButton = back && <Button onClick={back}>{tDim.print.back}</Button>;
  if (facts.status === 'draft')
    return (
      <div className={s.root}>
        <EmptyState text={tDim.print.draft} action={backButton} />
      </div>
    );
  return <Paper facts={facts} printLabel={printLabel} actions={backButton} />;
}

/** The loaded paper with its bar: `actions` before 打印, `note` under the bar (neither is printed). */
export function Paper({ facts, printLabel, actions, note }: { facts: ProofFacts; printLabel: string; actions?: ReactNode; note?: ReactNode }) {
  const s = usePrintPageStyles();
  return (
    <div className={s.root} data-print-root>
      <style>{PAGE_CSS}</style>
      <div className={s.bar}>
        {actions}
        <Button appearance="primary" icon={<PrintRegular />} onClick={() => window.print()} data-testid="print-button">
          {printLabel}
        </Button>
        <Text className={s.hint}>{tDim.print.hint}</Text>
      </div>
      {note && <div className={s.bar}>{note}</div>}
      <ProofPaper facts={facts} />
    </div>
  );
}
