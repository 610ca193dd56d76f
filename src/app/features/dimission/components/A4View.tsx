import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, PrintRegular } from '@fluentui/react-icons';
import type { ProofFacts } from '../../../../contract/dimission-rules';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { usePrintPageStyles } from '../../../shared/ui';
import { ProofPaper } from './ProofPaper';
import { PAGE_CSS } from './PrintView';

const useStyles = makeStyles({
  frame: { width: '100%', overflow: 'hidden', '@media print': { overflow: 'visible', height: 'auto !important' } },
  sheet: { transformOrigin: 'top left', width: 'max-content', '@media print': { transform: 'none !important', width: 'auto' } },
  title: { fontWeight: tokens.fontWeightSemibold },
});

/**
 * The A4 sheet on a phone (issue 30 item 7): the paper at its own width, scaled down to the screen
 * as a picture of the page is (never reflowed into a column of a few characters), with 返回, the
 * PDF and 打印 (print CSS shows the paper at full size).
 */
export function A4View({ facts, onBack, actions }: { facts: ProofFacts; onBack: () => void; actions?: ReactNode }) {
  const s = usePrintPageStyles();
  const own = useStyles();
  const frame = useRef<HTMLDivElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<{ scale: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      if (!frame.current || !sheet.current) return;
      const scale = Math.min(1, frame.current.clientWidth / sheet.current.offsetWidth);
      setFit({ scale, height: sheet.current.offsetHeight * scale });
    };
    measure();
    const ro = new ResizeObserver(measure);
    if (frame.current) ro.observe(frame.current);
    return () => ro.disconnect();
  }, []);
  return (
    <div className={s.root} data-print-root data-testid="proof-a4-view">
      <style>{PAGE_CSS}</style>
      <div className={s.bar}>
        <Button icon={<ArrowLeftRegular />} onClick={onBack} data-testid="proof-a4-back">
          {tDim.employee.paperClose}
        </Button>
        {actions}
        <Button icon={<PrintRegular />} onClick={() => window.print()} data-testid="print-button">
          {tDim.employee.print}
        </Button>
      </div>
      <Text as="h1" className={`${s.bar} ${own.title}`}>
        {tDim.employee.paperTitle}
      </Text>
      <div className={own.frame} ref={frame} style={fit ? { height: fit.height } : undefined}>
        <div className={own.sheet} ref={sheet} style={fit ? { transform: `scale(${fit.scale})` } : undefined}>
          <ProofPaper facts={facts} fixed />
        </div>
      </div>
    </div>
  );
}
