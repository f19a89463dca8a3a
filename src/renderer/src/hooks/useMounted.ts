import { useEffect, useState } from 'react';

/**
 * false on the first render, true from the next. The first render must be the same as the HTML made at build time
 * (prerender.tsx, hydrated by main.tsx), so what differs by day or machine (today's date) is drawn from the second.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
  }, []);
  return mounted;
}
