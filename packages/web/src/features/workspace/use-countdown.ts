import { useEffect, useState } from 'react';

/**
 * Whole seconds until `deadline` (epoch seconds on the server's clock), ticking; null without a
 * deadline. `clockOffset` is what to add to the browser's clock to get the server's, so a wrong
 * clock on the student's machine changes nothing.
 */
export function useSecondsLeft(deadline: number | null, clockOffset: number): number | null {
  const compute = () => (deadline === null ? null : Math.max(0, Math.ceil(deadline - (Date.now() / 1000 + clockOffset))));
  const [left, setLeft] = useState(compute);
  // biome-ignore lint/correctness/useExhaustiveDependencies: compute reads exactly these two
  useEffect(() => {
    setLeft(compute());
    if (deadline === null) return;
    const timer = setInterval(() => setLeft(compute()), 250);
    return () => clearInterval(timer);
  }, [deadline, clockOffset]);
  return left;
}

/** 'm:ss' (or 'h:mm:ss' from an hour up), for the Time left display. */
export function formatSecondsLeft(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
