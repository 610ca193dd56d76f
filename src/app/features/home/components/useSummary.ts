import { useCallback, useEffect, useState } from 'react';
import type { HomeSummary } from '../../../../contract/home';
import { loadSummary } from '../api';

/** GET /index/summary once per visit of 首页 (verified companies only); `reload` retries. */
export function useSummary(enabled: boolean) {
  const [data, setData] = useState<HomeSummary | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    setFailed(false);
    loadSummary().then(
      (d) => alive && setData(d),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [enabled, version]);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { data, failed, reload };
}
