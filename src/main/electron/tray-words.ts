/**
 * What the tray says about sync, apart from ./tray.ts so it can be tested without Electron: the one status line
 * (src/shared/sync-words.ts), the same words and counts as the app's pill, the outbox and `punch status`.
 */
import type { AppStatus } from '../../shared/domain';
import { syncLine } from '../../shared/sync-words';

/**
 * `tooltip`: what the tray icon says on hover; `headline`: the menu's first,
 * disabled line when something is not right (never only an icon); `waiting`: the count on "Sync now".
 */
export function trayWords(status: AppStatus | undefined, timerLabel: string): { tooltip: string; headline?: string; waiting: number } {
  const line = syncLine(status ?? null);
  // what cannot wait and is not about sync: a data file kept aside (the status line has the disk and the account)
  const damage = status?.damage?.length ? ' A data file was damaged: open Punchcard.' : '';
  return {
    tooltip: `Punchcard: ${timerLabel}. ${line.sentence}${damage}`,
    ...(status && line.tone !== 'ok' ? { headline: line.short } : {}),
    waiting: line.counts.waiting,
  };
}
