/**
 * What the tray says, apart from ./tray.ts so it can be tested without Electron: the one status line
 * (src/shared/status/sync-words.ts), the same words and counts as the app's pill, the outbox and `punch status`, and its
 * menu's labels, in the user's language (./shell-wording.ts).
 */
import type { AppStatus } from '../../shared/domain';
import { defineMessages, type Wording } from '../../shared/i18n/messages';
import { syncLine } from '../../shared/status/sync-words';

export const TRAY = defineMessages({
  tooltip: {
    id: 'tray.tooltip',
    defaultMessage: 'Punchcard: {timer}. {sync}',
    description: "{timer}: the timer's state; {sync}: the status sentence.",
  },
  damaged: { id: 'tray.damaged', defaultMessage: 'A data file was damaged: open Punchcard.' },
  notTracking: { id: 'tray.not-tracking', defaultMessage: 'Not tracking', description: 'No timer runs.' },
  running: { id: 'tray.running', defaultMessage: '{job} {elapsed}', description: 'The running timer: job name and H:MM.' },
  timer: { id: 'tray.timer', defaultMessage: 'Timer', description: 'The running timer when its job has no name.' },
  stop: { id: 'tray.stop', defaultMessage: 'Stop {job} ({elapsed})' },
  stopTimer: { id: 'tray.stop-timer', defaultMessage: 'Stop timer ({elapsed})' },
  startJob: { id: 'tray.start-job', defaultMessage: 'Start {job}' },
  start: { id: 'tray.start', defaultMessage: 'Start timer…' },
  recent: { id: 'tray.recent', defaultMessage: 'Recent jobs' },
  open: { id: 'tray.open', defaultMessage: 'Open Punchcard' },
  week: { id: 'tray.week', defaultMessage: 'This week' },
  syncWaiting: { id: 'tray.sync-waiting', defaultMessage: 'Sync now ({count, number} waiting)' },
  sync: { id: 'tray.sync', defaultMessage: 'Sync now' },
  signOut: { id: 'tray.sign-out', defaultMessage: 'Sign out…' },
  signIn: { id: 'tray.sign-in', defaultMessage: 'Sign in…' },
  quit: { id: 'tray.quit', defaultMessage: 'Quit Punchcard' },
});

/**
 * `tooltip`: what the tray icon says on hover; `headline`: the menu's first,
 * disabled line when something is not right (never only an icon); `waiting`: the count on "Sync now".
 */
export function trayWords(
  status: AppStatus | undefined,
  timerLabel: string,
  w: Wording,
): { tooltip: string; headline?: string; waiting: number } {
  const line = syncLine(status ?? null, w);
  // what cannot wait and is not about sync: a data file kept aside (the status line has the disk and the account)
  const damage = status?.damage?.length ? ` ${w.say(TRAY.damaged)}` : '';
  return {
    tooltip: `${w.say(TRAY.tooltip, { timer: timerLabel, sync: line.sentence })}${damage}`,
    ...(status && line.tone !== 'ok' ? { headline: line.short } : {}),
    waiting: line.counts.waiting,
  };
}
