/** Which screen is shown, and the notices the core pushes (a dismissible strip above the screen: components/Notices). */
import type { Events, Screen } from '../../../../shared/contract';
import type { Job } from '../../../../shared/domain';
import { defineMessages, type MessageDescriptor } from '../../../../shared/i18n/messages';
import { screenAllowed } from './roles';
import { patchSlice, type SliceCreator } from '../types';

export type Notice = Events['notice'] & { id: number };

const TAB = defineMessages({
  track: { id: 'tabs.track', defaultMessage: 'Track', description: 'Tab: the day (timer, logging hours).' },
  week: { id: 'tabs.week', defaultMessage: 'Week', description: 'Tab: the week (timesheet) and its submission.' },
  outbox: { id: 'tabs.outbox', defaultMessage: 'Outbox', description: 'Tab: changes waiting to reach the service.' },
  team: { id: 'tabs.team', defaultMessage: 'Team', description: "Tab: a manager's approvals." },
  hr: { id: 'tabs.hr', defaultMessage: 'HR', description: 'Tab: payroll and employee records.' },
  settings: { id: 'tabs.settings', defaultMessage: 'Settings', description: 'Tab: settings.' },
});

/**
 * Every screen, in tab order; the tabs shown are those the user may use (App.tsx, store/slices/roles.ts `screenAllowed`).
 * The store holds messages, never words: a component says them in the user's language (docs/i18n.md).
 */
export const SCREENS: ReadonlyArray<{ id: Screen; label: MessageDescriptor }> = [
  { id: 'track', label: TAB.track },
  { id: 'week', label: TAB.week },
  { id: 'outbox', label: TAB.outbox },
  { id: 'team', label: TAB.team },
  { id: 'hr', label: TAB.hr },
  { id: 'settings', label: TAB.settings },
];

/** What the strip depends on (store/slices/roles.ts). */
interface StripRoles {
  approver: boolean;
  hr: boolean;
}

/** Every strip a user may have: without Team and HR, with either, with both. */
const EVERY_STRIP: readonly StripRoles[] = [
  { approver: false, hr: false },
  { approver: true, hr: false },
  { approver: false, hr: true },
  { approver: true, hr: true },
];

/** The tab at `index` (0-based) of the strip of a user with `roles`; null past its end. */
export function tabAt(index: number, roles: StripRoles): Screen | null {
  return SCREENS.filter((s) => screenAllowed(s.id, roles))[index]?.id ?? null;
}

/**
 * What the tab key at `index` (Alt+1 is 0: shortcuts.ts) means now: its tab, or null (no such tab: nothing happens),
 * or 'wait' while the strip has not settled (hooks/useTabsSettled.ts) and its tab depends on the roles still to come.
 * Track, Week and Outbox come before Team and HR in every strip, so Alt+1..3 never wait (hooks/useTabChoice.ts).
 */
export function tabOfKey(index: number, settled: boolean, roles: StripRoles): Screen | null | 'wait' {
  if (settled) return tabAt(index, roles);
  const each = EVERY_STRIP.map((r) => tabAt(index, r));
  return each.every((id) => id === each[0]) ? each[0] : 'wait';
}

/**
 * Old notices go once this many are kept, so a flapping connection cannot pile them up; two show at a time
 * (components/Notices.tsx), the others wait behind a count.
 */
export const MAX_NOTICES = 5;

/** An app key's errand for the Track form (shortcuts.ts): start the timer with its job, or go to its Hours. */
export interface FormRequest {
  kind: 'start' | 'log';
  id: number;
}

export interface UiSlice {
  ui: {
    screen: Screen;
    notices: Notice[];
    /** Waiting for the Track form (it may be mounting: the key was pressed on another tab). */
    request: FormRequest | null;
    /**
     * The job chosen in the Track form, kept while another tab is open (the form is drawn again on coming back), so
     * it is still there, and Alt+S on any tab starts it.
     */
    trackJob: Job | null;
    setTrackJob(job: Job | null): void;
    show(screen: Screen): void;
    /** Shows Track and hands the form the errand. */
    ask(kind: FormRequest['kind']): void;
    settleRequest(): void;
    pushNotice(n: Events['notice']): void;
    dismissNotice(id: number): void;
    /**
     * The window came back (focus, or shown again after being hidden): the screen on show reads what it shows again
     * (the core asks the service only when its copy is older than a minute).
     */
    regainedFocus(): Promise<void>;
  };
}

export const createUiSlice: SliceCreator<UiSlice> = () => (set, get) => {
  let nextId = 1;
  const patch = (p: Partial<UiSlice['ui']>) => patchSlice(set, 'ui', p);
  return {
    ui: {
      screen: 'track',
      notices: [],
      request: null,
      trackJob: null,
      setTrackJob(job) {
        if (get().ui.trackJob !== job) patch({ trackJob: job });
      },
      ask(kind) {
        get().ui.show('track');
        patch({ request: { kind, id: nextId++ } });
      },
      settleRequest() {
        if (get().ui.request) patch({ request: null });
      },
      show(screen) {
        // A screen the user may not use (roles.ts) is not shown, whoever asks for it: Track instead.
        const to = screenAllowed(screen, get().roles) ? screen : 'track';
        if (get().ui.screen !== to) patch({ screen: to });
      },
      pushNotice(n) {
        patch({ notices: [...get().ui.notices, { ...n, id: nextId++ }].slice(-MAX_NOTICES) });
      },
      dismissNotice(id) {
        patch({ notices: get().ui.notices.filter((n) => n.id !== id) });
      },
      async regainedFocus() {
        const screen = get().ui.screen;
        // a look, not a glance: the user may have logged on the phone while the window was away
        if (screen === 'track') await get().today.load('look');
        else if (screen === 'week') await get().week.show();
        // (the Team slice is there once its screen's chunk is: store/later.ts)
        else if (screen === 'team' && 'team' in get()) await get().team.glance();
      },
    },
  };
};
