import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { Gated } from '../../../shared/ui/Gated';

/**
 * A masked value with 查看: the full value comes from an audited endpoint, on request only; 查看 is
 * disabled for a colleague without pii.full (issue 27).
 */
export function Reveal({ mask, load }: { mask: string; load: () => Promise<{ value: string }> }) {
  const [value, setValue] = useState<string | null>(null);
  if (!mask) return <>—</>;
  return (
    <span data-testid="reveal">
      {value ?? mask}
      {value === null && (
        <Gated perm="pii.full">
          <Button
            size="small"
            appearance="transparent"
            onClick={() =>
              load().then(
                (d) => setValue(d.value),
                () => {},
              )
            }
            data-testid="reveal-button"
          >
            {tDim.view}
          </Button>
        </Gated>
      )}
    </span>
  );
}
