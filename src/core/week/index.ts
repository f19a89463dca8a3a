/** FACE_WEEK */
export { adoptLogs, serviceLogRow } from './adopt';
export { dayTotalWithService } from './day-total';
export { computeReminders } from './reminders';
export { createSubmission } from './submit';
export { SERVICE_LOCAL_PREFIX, WEEKS_SCHEMA, createWeeks } from './weekview';
export type { LocksAsRead, Weeks } from './weekview';
export { WEEK_READ_POLICY } from './read-policy';
export type { WeekLook, WeekReadPolicy } from './read-policy';
export { weekHandlers } from './week-handlers';
export { createMorningReminder, REMINDER_SCHEMA, REMINDER_STORE } from './morning';
