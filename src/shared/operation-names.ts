/**
 * The bridge's names without its schemas: operation names, event names and their IPC channels.
 *
 * Why a second module: the contract (./contract/) builds its input schemas with zod at load time, so importing any value from it
 * pulls zod (~1 MB unminified) into the bundle. The renderer and the preload need only these names, so they import
 * them from here and take everything else from the contract as types (`import type`, erased at build time).
 * The contract's door (./contract/index.ts) re-exports these, so Node code may keep importing them from the contract.
 *
 * The lists cannot drift from the contract: its door proves at compile time that they hold exactly its operations
 * and events (this module imports nothing, so the two never form a circle).
 */

/** Every operation of the contract, in the contract's order. */
export const OPERATION_NAMES = [
  'getAccount',
  'useSandbox',
  'signInWithToken',
  'signInWithOAuth',
  'signOut',
  'getStatus',
  'getFirstScreen',
  'listDamage',
  'acknowledgeDamage',
  'resolveDamage',
  'getPreferences',
  'updatePreferences',
  'getCompanySettings',
  'getUpdateStatus',
  'listJobs',
  'toggleFavouriteJob',
  'getTimer',
  'startTimer',
  'updateTimer',
  'stopTimer',
  'discardTimer',
  'resolveIdle',
  'checkLog',
  'logTime',
  'editLog',
  'deleteLog',
  'undoChange',
  'previewLogs',
  'logBatch',
  'previewCopyWeek',
  'copyWeek',
  'getWeek',
  'previewSubmit',
  'submitWeek',
  'getReminders',
  'getMorningReminder',
  'answerMorningReminder',
  'getOutbox',
  'getOutboxList',
  'syncNow',
  'retryEntry',
  'discardEntry',
  'markEntryRecorded',
  'fixEntry',
  'getRoles',
  'listTeamTimesheets',
  'getTimesheet',
  'decideTimesheet',
  'decideTimesheets',
  'estimateDecisions',
  'deleteTimesheet',
  'payrollReport',
  'listEmployees',
  'findEmployees',
  'getEmployee',
  'addEmployee',
  'updateEmployee',
] as const;
export type ListedOperation = (typeof OPERATION_NAMES)[number];

/** Every push event of the contract. */
export const EVENT_NAMES = ['timer', 'outbox', 'outboxChange', 'status', 'ledger', 'week', 'notice', 'navigate'] as const;
export type ListedEvent = (typeof EVENT_NAMES)[number];

/** IPC channel of an operation; the preload refuses anything outside this prefix. */
export const channelOf = (name: ListedOperation) => `punch:${name}` as const;
export const eventChannelOf = (name: ListedEvent) => `punch:event:${name}` as const;
/**
 * The events a new subscription is told as they stand (Electron: the preload asks main on EVENT_SNAPSHOT_CHANNEL; web
 * mode: the event stream says them when it opens), for a push made before the page subscribed reached no one.
 */
export const SNAPSHOT_EVENTS: readonly ListedEvent[] = ['status'];
export const EVENT_SNAPSHOT_CHANNEL = 'punch:event-snapshot';
