import { useCallback, useEffect, useState } from 'react';
import type { DataOf } from '../../../../contract';
import { loadApplication } from '../api';

/** One application by id (null while loading, 'missing' when refused). */
export function useApplication(id: number, enabled: boolean) {
  const [data, setData] = useState<DataOf<'taxDetail'> | 'missing' | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    loadApplication(id).then(
      (d) => live && setData(d),
      () => live && setData('missing'),
    );
    return () => {
      live = false;
    };
  }, [id, enabled, version]);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { data, setData, reload };
}
