import { useEffect, useState } from 'react';

/** Seconds left of a wait (获取验证码 again), counting down once a second. */
export function useCountdown(): [number, (s: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((w) => w - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  return [left, setLeft];
}
