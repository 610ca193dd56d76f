import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { Gated } from '../../../shared/ui/Gated';
import { PurposeDialog } from '../../../shared/ui/Purpose';

/**
 * A masked value with 查看: the full value comes from an audited endpoint, on request only; 查看 is
 * disabled for a colleague without pii.full (issue 27). With
 * `askPurpose` (whole ID numbers and a record's mobile, perm pii.full) the user first states why
 * (查看原因), which `load` sends along.
 */
export function Reveal({ mask, load, askPurpose = false }: { mask: string; load: (reason: string) => Promise<{ value: string }>; askPurpose?: boolean }) {
  const [value, setValue] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  if (!mask) return <>—</>;
  const reveal = (reason: string) =>
    load(reason).then(
      (d) => setValue(d.value),
      () => {},
    );
  return (
    <span data-testid="reveal">
      {value ?? mask}
      {value === null && (
        <Gated perm="pii.full">
          <Button size="small" appearance="transparent" onClick={() => (askPurpose ? setAsking(true) : void reveal(''))} data-testid="reveal-button">
            {tDim.view}
          </Button>
        </Gated>
      )}
      {askPurpose && (
        <PurposeDialog
          open={asking}
          onCancel={() => setAsking(false)}
          onConfirm={(reason) => {
            setAsking(false);
            void reveal(reason);
          }}
        />
      )}
    </span>
  );
}
