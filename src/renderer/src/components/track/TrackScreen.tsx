/**
 * The Track tab is the day: the running timer (when one runs), one form to start the timer or log hours by hand,
 * recent work to continue in one click, and today's logs with the day's total. It re-reads the day when the date
 * changes under an open window (midnight), so "today" never shows yesterday's list.
 */
import { useEffect } from 'react';
import { userDay } from '../../../../shared/time/zone';
import { useNow } from '../../hooks/useNow';
import { useApp } from '../../store/useApp';
import { Composer } from './Composer';
import { RecentWork } from './RecentWork';
import { TimerControls } from '../timer/TimerControls';
import { MorningReminder } from './MorningReminder';
import { TodayList } from './TodayList';
import { fieldsIntoState } from '../../first-screen/take-over';
import type { WindowWithEarlyInput } from '../../first-screen/early-input';
// Its styles come with the first screen's (main.tsx), so the screen built into index.html is painted styled.

/** Performance mark set once Track, the first tab, has drawn its content (read by the benchmark). */
export const FIRST_SCREEN_MARK = 'punchcard:first-screen';

let fieldsTold = false;

export function TrackScreen() {
  const date = useApp((s) => s.today.date);
  const load = useApp((s) => s.today.load);
  const shown = useApp((s) => s.today.show);
  const zone = useApp((s) => s.settings.prefs?.timeZone);
  const now = useNow(true, 60_000);
  // Track opened: the day is read again (the core asks the service only when its copy is older than a minute)
  useEffect(() => {
    void shown();
  }, [shown]);
  useEffect(() => {
    // the day moves on at the midnight of the user's zone (the preference), as the core's does
    if (userDay(now, zone) !== date) void load();
  }, [now, date, load, zone]);
  // What was typed into the page's form before the app's script (first-screen/early-input.ts), told to the app once:
  // in the first effects of this screen's hydration, the last of them (a parent's run after its children's), so
  // before the next render would put the built values back over it (first-screen/take-over.ts).
  useEffect(() => {
    if (fieldsTold) return;
    fieldsTold = true;
    const root = document.getElementById('root');
    if (root) fieldsIntoState(root);
    (window as WindowWithEarlyInput).punchcardEarlyInput?.fieldsTaken();
  }, []);
  // The first tab's content is on screen: a mark `npm run bench` reads (bench/web-page-loads.ts), at the next frame.
  useEffect(() => {
    requestAnimationFrame(() => performance.mark(FIRST_SCREEN_MARK));
  }, []);
  return (
    <div className="stack track">
      <MorningReminder />
      <TimerControls />
      <Composer />
      <RecentWork />
      <TodayList />
    </div>
  );
}
