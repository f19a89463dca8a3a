/** FACE_TIMER */
export { createTimerActions } from './timer-actions';
export { TIMER_SCHEMA } from './timer-state';
export { createTimer } from './timer';
