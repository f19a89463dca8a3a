import { useEffect, useState } from 'react';

/** false until boot.tsx draws the window whole instead of hydrating the page's HTML (then nothing has to match it). */
let whole = false;
export function drawnWhole(): void {
  whole = true;
}

/**
 * false on the first render, true from the next. The first render must be the same as the HTML made at build time
 * (prerender.tsx, hydrated by main.tsx), so what differs by day or machine (today's date) is drawn from the second.
 * A window drawn whole (boot.tsx, with the first screen's answers at hand) has no such HTML to match: true at once.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(whole);
  useEffect(() => {
    setMounted(true);
  }, []);
  return mounted;
}
