import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { dialogs } from '../../shared/dialogs/store';
import { RecruitDialogs } from './RecruitDialogs';

const GateDialog = lazy(() => import('./GateDialog'));
const VipDialog = lazy(() => import('./VipDialog'));
const InvoiceDialog = lazy(() => import('./InvoiceDialog'));
const CrcRulesDialog = lazy(() => import('./CrcRulesDialog'));

/** True from the first time `flag` is true: a dialog's code loads on first use, then stays for its animations. */
function useOnceTrue(flag: boolean): boolean {
  const [ever, setEver] = useState(flag);
  if (flag && !ever) setEver(true);
  return ever || flag;
}

/** The shell's global dialogs (role prompts, VIP purchase), loaded when first needed. */
export function GlobalDialogs() {
  const { gate, vip, invoice, crcRules } = useSnapshot(dialogs);
  const gateUsed = useOnceTrue(gate !== null);
  const vipUsed = useOnceTrue(vip);
  const invoiceUsed = useOnceTrue(invoice !== null);
  const crcUsed = useOnceTrue(crcRules);
  return (
    <Suspense fallback={null}>
      <RecruitDialogs />
      {gateUsed && <GateDialog />}
      {vipUsed && <VipDialog />}
      {invoiceUsed && <InvoiceDialog />}
      {crcUsed && <CrcRulesDialog />}
    </Suspense>
  );
}
