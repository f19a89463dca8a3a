/**
 * The bridge's names without its schemas: operation names, event names and their IPC channels.
 *
 * Why a second module: `contract.ts` builds its input schemas with zod at load time, so importing any value from it
 * pulls zod (~1 MB unminified) into the bundle. The renderer and the preload need only these names, so they import
 * them from here and take everything else from `contract.ts` as types (`import type`, erased at build time).
 * `contract.ts` re-exports these, so Node code may keep importing them from the contract.
 *
 * The lists cannot drift from the contract: `satisfies` rejects a name the contract does not define, and
 * `everyOperationListed` below fails to compile, naming the operation, when the contract gains one that is not listed.
 */
import type { EventName, OperationName } from './contract';

/** Every operation of the contract, in the contract's order. */
export const OPERATION_NAMES = [
  'getAccount', 'useSandbox', 'signInWithToken', 'signInWithOAuth', 'signOut', 'getStatus',
  'listDamage', 'acknowledgeDamage',
  'getPreferences', 'updatePreferences', 'getCompanySettings', 'getUpdateStatus',
  'listJobs', 'toggleFavouriteJob',
  'getTimer', 'startTimer', 'updateTimer', 'stopTimer', 'discardTimer', 'resolveIdle',
  'checkEntry', 'logTime', 'editLog', 'deleteLog',
  'getWeek', 'previewSubmit', 'submitWeek', 'getReminders',
  'getOutbox', 'syncNow', 'retryEntry', 'discardEntry', 'markEntryRecorded', 'fixEntry',
  'getRoles', 'listTeamTimesheets', 'getTimesheet', 'decideTimesheet', 'decideTimesheets', 'deleteTimesheet',
  'payrollReport', 'listEmployees', 'getEmployee', 'addEmployee', 'updateEmployee',
] as const satisfies readonly OperationName[];

/** A compile error here ("Property 'x' is missing") means operation `x` was added to the contract but not to the list above. */
const everyOperationListed: Record<Exclude<OperationName, (typeof OPERATION_NAMES)[number]>, never> = {};
void everyOperationListed;

/** Every push event of the contract. */
export const EVENT_NAMES = ['timer', 'outbox', 'status', 'ledger', 'notice', 'navigate'] as const satisfies readonly EventName[];

const everyEventListed: Record<Exclude<EventName, (typeof EVENT_NAMES)[number]>, never> = {};
void everyEventListed;

/** IPC channel of an operation; the preload refuses anything outside this prefix. */
export const channelOf = (name: OperationName) => `punch:${name}` as const;
export const eventChannelOf = (name: EventName) => `punch:event:${name}` as const;
