/**
 * Push events from the core, applied with plain functions over `setState` (no hooks, zustand docs: actions
 * called from outside React). `subscribeToEvents` subscribes once and returns one function that undoes every subscription.
 */
import type { Api, Events } from '../../../shared/contract';
import { weekStartOf } from '../../../shared/time/week';
import type { AppStore } from './index';

export function receiveTimer(store: AppStore, view: Events['timer']): void {
  store.setState((s) => ({ timer: { ...s.timer, view } }));
}

/** What a change did to the outbox: applied to the list held, or the whole list read again (store/slices/outbox.ts). */
export function receiveOutboxChange(store: AppStore, change: Events['outboxChange']): void {
  store.getState().outbox.follow(change);
}

export function receiveStatus(store: AppStore, value: Events['status']): void {
  const before = store.getState();
  // Back online with a week built from the local ledger only: read it again now rather than wait for a change.
  const backOnline = value.online && before.status.value?.online === false;
  const refreshWeek = backOnline && before.week.view?.fresh === false;
  const refreshToday = backOnline && before.today.week?.fresh === false;
  store.setState((s) => ({
    status: { ...s.status, value, error: null, pushes: s.status.pushes + 1 },
    settings: { ...s.settings, account: value.account },
  }));
  if (refreshWeek) void store.getState().week.load();
  if (refreshToday) void store.getState().today.load();
  // What the user may do (the Team and HR tabs): asked again for another account, and once the service can answer
  // when it was not known (the core keeps the answer, so this costs no call when nothing changed).
  const was = before.status.value?.account;
  const otherAccount =
    was !== undefined && (was.user !== value.account.user || was.baseUrl !== value.account.baseUrl || was.kind !== value.account.kind);
  if (otherAccount || (value.online && !before.roles.known && !before.roles.loading)) void store.getState().roles.load();
}

/**
 * A log changed somewhere: the screens showing its week merge it again from the core's copy (a glance: the change is
 * in the ledger, the service's part is read only when its copy is older than 5 minutes; no polling).
 */
export async function receiveLedger(store: AppStore, change: Events['ledger']): Promise<void> {
  const { week, today } = store.getState();
  const todayWeek = weekStartOf(today.date);
  await Promise.all([
    change.weekStarts.includes(week.weekStart) ? week.load({ look: 'glance' }) : null,
    // Track's day list: today's week, or the week before while it is read (continue yesterday's work on a Monday).
    change.weekStarts.some((w) => w === todayWeek || w === today.before?.weekStart) ? today.load('glance') : null,
  ]);
  await store.getState().week.loadReminders();
}

/**
 * The core read a week again (a rule checked on one of its days, another screen) and it changed: every screen showing
 * that week takes it as it is now, without a call (Today follows the form's rule; the Week tab follows Today).
 */
export function receiveWeek(store: AppStore, view: Events['week']): void {
  const { week, today } = store.getState();
  const todayWeek = weekStartOf(today.date);
  if (view.weekStart === todayWeek)
    store.setState((s) => ({ today: { ...s.today, week: view, pushes: { ...s.today.pushes, week: s.today.pushes.week + 1 } } }));
  else if (view.weekStart === today.before?.weekStart)
    store.setState((s) => ({ today: { ...s.today, before: view, pushes: { ...s.today.pushes, before: s.today.pushes.before + 1 } } }));
  if (view.weekStart === week.weekStart) {
    store.setState((s) => ({ week: { ...s.week, view, pushes: s.week.pushes + 1 } }));
    // what the Submit button and the reminders say follows the week (from the core's copy: no call)
    void store.getState().week.loadPreview();
    void store.getState().week.loadReminders();
  }
}

export function receiveNotice(store: AppStore, notice: Events['notice']): void {
  store.getState().ui.pushNotice(notice);
}

export function receiveNavigate(store: AppStore, nav: Events['navigate']): void {
  store.getState().ui.show(nav.screen);
}

export function subscribeToEvents(store: AppStore, api: Pick<Api, 'on'>): () => void {
  const unsubscribes = [
    api.on('timer', (v) => receiveTimer(store, v)),
    api.on('outboxChange', (v) => receiveOutboxChange(store, v)),
    api.on('status', (v) => receiveStatus(store, v)),
    api.on('ledger', (v) => void receiveLedger(store, v)),
    api.on('week', (v) => receiveWeek(store, v)),
    api.on('notice', (v) => receiveNotice(store, v)),
    api.on('navigate', (v) => receiveNavigate(store, v)),
  ];
  return () => {
    for (const off of unsubscribes.splice(0)) off();
  };
}
