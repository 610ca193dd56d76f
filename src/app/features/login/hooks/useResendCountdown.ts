import { useCallback, useEffect, useState } from 'react';
import { RESEND_SECONDS, secondsLeft } from '../lib/countdown';

/** Seconds left before 获取验证码 works again; counts from wall-clock time, so a hidden tab stays right. */
export function useResendCountdown(now: () => number = Date.now) {
  const [sent, setSent] = useState<{ at: number; total: number } | null>(null);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (!sent) return;
    const tick = () => {
      const l = secondsLeft(sent.at, now(), sent.total);
      setLeft(l);
      if (l === 0) setSent(null);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [sent, now]);

  const start = useCallback((total: number = RESEND_SECONDS) => setSent({ at: now(), total: total > 0 ? total : RESEND_SECONDS }), [now]);
  return { left, start };
}
