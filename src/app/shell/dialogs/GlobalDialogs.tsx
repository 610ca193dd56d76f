import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { dialogs } from '../../shared/dialogs/store';

const GateDialog = lazy(() => import('./GateDialog'));
const VipDialog = lazy(() => import('./VipDialog'));

/** True from the first time `flag` is true: a dialog's code loads on first use, then stays for its animations. */
function useOnceTrue(flag: boolean): boolean {
  const [ever, setEver] = useState(flag);
  if (flag && !ever) setEver(true);
  return ever || flag;
}

/** The shell's global dialogs (role prompts, VIP purchase), loaded when first needed. */
export function GlobalDialogs() {
  const { gate, vip } = useSnapshot(dialogs);
  const gateUsed = useOnceTrue(gate !== null);
  const vipUsed = useOnceTrue(vip);
  return (
    <Suspense fallback={null}>
      {gateUsed && <GateDialog />}
      {vipUsed && <VipDialog />}
    </Suspense>
  );
}
