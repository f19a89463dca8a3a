/**
 * Whether the tab strip shows its tabs yet. Team and HR are offered only once the core has said the user may use them
 * (store/slices/roles.ts), and the strip is centred (a wide window) or shared out (the tray's width): tabs shown
 * before that would move when Team and HR join, and a click aimed at Week would land on Outbox. So until the roles'
 * first answer (known or not, or a failure) the strip keeps its place, its tabs drawn but not shown (App.tsx,
 * styles.css `.tabs[data-waiting]`): nothing below it moves, and the tabs appear once, where they stay.
 *
 * The answer usually comes with the page (web mode's first answers, Electron's `getFirstScreen`) or from the core's
 * copy, kept 12 hours across starts; offline, or not signed in, the core answers at once (not known). It is the
 * service's two probes at a first start that take a while: 1-2 s against the sandbox on a loaded machine, and at most
 * 8 s (src/core/team/roles.ts `ROLES_READ`), after which the core answers what it has. The strip waits as long, and
 * a little more for the answer's way back, so on a start the tabs show once, where they stay; Track, the first
 * screen, takes input meanwhile. Team and HR can still join later when going back online finds them
 * (store/events.ts): a change of what the user may do, not of the start.
 */
import { useEffect, useState } from 'react';
import { useApp } from '../store/useApp';

export const TABS_WAIT_MS = 9_000;

export function useTabsSettled(): boolean {
  const answered = useApp((s) => s.roles.answered);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (answered) return;
    const t = window.setTimeout(() => setWaited(true), TABS_WAIT_MS);
    return () => clearTimeout(t);
  }, [answered]);
  return answered || waited;
}
