/**
 * Where the timer's questions are drawn (./timer-questions.tsx, a chunk of its own with their words: about 25 kB of
 * script and 5 kB of messages the first screen no longer loads; docs/benchmarks.md "Fourth pass"). Nothing is drawn
 * until the timer may ask one: it runs, it was stopped or started on a locked week, or it asks about time away. From
 * then on the questions stay mounted (what they keep, such as a question answered "keep running", stays with them).
 * The chunk waits for the window's whole catalog (../../i18n/catalog-parts.ts), so a question never shows an id.
 * Decided on the store, not on a Suspense met while the page's HTML is hydrated: no question is drawn then.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { withWholeCatalog } from '../../i18n/catalog-parts';
import { useApp } from '../../store/useApp';

const Drawn = lazy(() => withWholeCatalog(import('./timer-questions')).then((m) => ({ default: m.TimerQuestionsDrawn })));

export function TimerQuestions() {
  const mayAsk = useApp(
    (s) =>
      !!s.timer.view?.running ||
      !!s.timer.view?.idlePrompt ||
      !!s.timer.lockedStart ||
      !!s.timer.switchAsked ||
      !!s.timer.lastStop?.needsDay ||
      !!s.timer.lastStop?.needsEnd,
  );
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (mayAsk) setAsked(true);
  }, [mayAsk]);
  // Until then, what the forgotten timer's question does when the window comes back (a wake, another app in front):
  // the timer is read again, so one started meanwhile (by `punch`, in another window) is asked about.
  const load = useApp((s) => s.timer.load);
  useEffect(() => {
    if (asked) return;
    const back = () => {
      if (document.visibilityState === 'visible') void load();
    };
    document.addEventListener('visibilitychange', back);
    return () => document.removeEventListener('visibilitychange', back);
  }, [asked, load]);
  if (!asked && !mayAsk) return null;
  return (
    <Suspense fallback={null}>
      <Drawn />
    </Suspense>
  );
}
