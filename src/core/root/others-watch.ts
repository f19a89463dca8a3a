/**
 * While nothing happens in this process, another on the data directory may act: `punch log` changes the outbox,
 * `punch timer stop` the timer, `punch week` reads a week. An idle app looks every few seconds (one stat of each
 * file), so the screens follow what another process did without a request to the service.
 */
import type { Clock, TimerHandle } from '../context';
import type { Ledger } from '../journal';
import type { Weeks } from '../week';

/** How often an idle app looks whether another process changed the outbox or the timer: one stat of each file. */
export const EXTERNAL_CHECK_MS = 3_000;

/** The watch, unreferenced (it keeps no process alive); the root stops it with `clock.clearInterval` at close. */
export function watchOtherProcesses(
  clock: Clock,
  readers: { ledger: Pick<Ledger, 'read'>; timer: { view(): unknown }; weeks: Pick<Weeks, 'noticeOthers'> },
): TimerHandle {
  const { ledger, timer, weeks } = readers;
  const watch = clock.setInterval(() => {
    ledger.read();
    timer.view();
    // a week another process read (`punch week` after a log on the phone): the screens showing it follow
    weeks.noticeOthers();
  }, EXTERNAL_CHECK_MS);
  watch.unref?.();
  return watch;
}
