import { useEffect, useRef, useState } from 'react';
import { Button, Spinner } from '@fluentui/react-components';
import type { ProofItem } from '../../../../contract/dimission';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { toast } from '../../../shared/lib/notify';
import { sealProof, sealState } from '../api';
import { ConfirmDialog } from './Dialogs';

/** How often the row asks how a seal under way stands (the server asks e签宝 at most every 3 s). */
const POLL_MS = 3000;

/**
 * 加盖电子印章 on an issued proof (issue 30): asked once more in a dialog (it cannot be undone), then
 * 盖章中… while e签宝 applies the company's seal — the row asks until it is on — and the list
 * reloads with 电子印章 in the status column. A refusal (e签宝 down, already sealed, void) is told by
 * the request layer in the server's words.
 */
export function SealAction({ x, onDone }: { x: Pick<ProofItem, 'id' | 'seal'>; onDone: () => void }) {
  const T = tDim.proofs;
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const sealing = busy || x.seal === 'sealing';
  // the list's reload changes with every render: the poll keeps the latest without restarting
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (x.seal !== 'sealing') return;
    let alive = true;
    const timer = setInterval(() => {
      sealState(x.id).then(
        (r) => {
          if (!alive || r.seal === 'sealing') return;
          if (r.seal === 'sealed') toast('success', T.sealDone);
          done.current();
        },
        () => undefined,
      );
    }, POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [x.id, x.seal, T]);
  const seal = async () => {
    setAsking(false);
    setBusy(true);
    try {
      const r = await sealProof(x.id);
      toast('success', r.seal === 'sealed' ? T.sealDone : T.sealPending);
      onDone();
    } catch {
      // told by the request layer
    } finally {
      setBusy(false);
    }
  };
  if (sealing) return <Spinner size="extra-tiny" labelPosition="after" label={T.sealing} data-testid="proof-sealing" />;
  return (
    <>
      <Button size="small" appearance="transparent" onClick={() => setAsking(true)} data-testid="proof-seal">
        {T.seal}
      </Button>
      <ConfirmDialog open={asking} title={T.sealTitle} confirm={T.seal} onCancel={() => setAsking(false)} onConfirm={() => void seal()}>
        {T.sealConfirm}
      </ConfirmDialog>
    </>
  );
}
