/** FACE_TIMER */
export { createTimerActions } from './timer-actions';
export { TIMER_SCHEMA } from './timer-state';
export { createTimer } from './timer';
export type { TimerStep } from './timer';
export type { ClockGap } from './timer-actions';
export { createClockWatch } from './clock-watch';
export { timerHandlers } from './timer-handlers';
