/** What the core pushes to the front ends (`on(event)`), each event with its payload. */
import type { Said } from '../i18n/said';
import type { AppStatus, OutboxChange, OutboxEntry, TimerView, WeekView } from '../domain';

/** Push events from the core to the renderer. */
export interface Events {
  timer: TimerView;
  /**
   * The whole outbox. No longer pushed after each change (with 10,000 entries waiting that was 5 MiB a log): kept for
   * compatibility as the type of the whole list, which `getOutbox` / `getOutboxList` answer; follow `outboxChange`.
   */
  outbox: OutboxEntry[];
  /** What a change did to the outbox (entries added, changed, removed, with a version): see `OutboxChange`. */
  outboxChange: OutboxChange;
  status: AppStatus;
  /** A log changed (any week): views re-read what they show. */
  ledger: { weekStarts: string[] };
  /**
   * The service's part of a week was read and what the week shows changed (a log made on the phone, a decision):
   * the week as it is now, for every screen showing it (Track's Today, the Week tab), so a rule that read it and the
   * screens never disagree (src/core/week/weekview.ts).
   */
  week: WeekView;
  /** Something the user should see now (also shown as an OS notification in Electron when allowed). */
  /** `message` in English; `said`, where the core says it as a code and values, for each shell to word (src/shared/i18n/said.ts). */
  notice: { level: 'info' | 'warning' | 'error'; message: string; said?: Said };
  /** The shell asks the renderer to show a screen (tray menu items). */
  navigate: { screen: Screen };
}
export type EventName = keyof Events;
export type Screen = 'track' | 'week' | 'outbox' | 'team' | 'hr' | 'settings';
