import type { ReactNode } from 'react';
import { useTaxStyles } from './styles';

/** A definition list of label → value pairs. */
export function Fields({ items, testId }: { items: [string, ReactNode][]; testId?: string }) {
  const s = useTaxStyles();
  return (
    <dl className={s.fields} data-testid={testId}>
      {items.map(([k, v]) => (
        <div key={k} className={s.pair}>
          <dt className={s.dt}>{k}</dt>
          <dd className={s.dd} data-field={k}>
            {v}
          </dd>
        </div>
      ))}
    </dl>
  );
}
