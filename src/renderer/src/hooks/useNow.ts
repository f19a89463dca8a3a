import { useEffect, useState } from 'react';

/**
 * The wall clock, re-read every `intervalMs` while `active`. The timer's elapsed time is `now - startedAt`, so a
 * throttled or sleeping window shows the right time on its next tick instead of a count of missed ticks.
 */
export function useNow(active: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [active, intervalMs]);
  return now;
}
