/** FACE_RULES: what a time log must be, pure: checked as it is typed (the log gate) and before it is sent (sync). */
export { checkLog, lockedAsRead, lockedViolation, openDayNear, unknownJobName } from './check';
export type { LogToCheck, RuleContext } from './check';
export { checkBeforeSend, jobOf, withJobName } from './before-send';
export type { BeforeSend, QueuedEntry } from './before-send';
export { batchVerdicts, sameDayLog } from './batch';
export type { BatchContext, BatchFinding, BatchLogToCheck, DayLog } from './batch';
