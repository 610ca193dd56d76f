import { useEffect, useState } from 'react';
import type { DataOf } from '../../../../contract';
import { periodProblem } from '../../../../contract/tax-rules';
import { loadEligible } from '../api';

/** The eligible paid rows of a month range (null while loading; empty when the range is wrong). */
export function useEligible(start: string, end: string, enabled: boolean) {
  const [data, setData] = useState<DataOf<'taxEligible'> | null>(null);
  useEffect(() => {
    if (!enabled) return;
    if (periodProblem(start, end, new Date())) {
      setData({ batches: [], people: [], title: '' });
      return;
    }
    let live = true;
    setData(null);
    loadEligible(start, end).then(
      (d) => live && setData(d),
      () => live && setData({ batches: [], people: [], title: '' }),
    );
    return () => {
      live = false;
    };
  }, [start, end, enabled]);
  return data;
}
