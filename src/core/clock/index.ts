/** The clock's face: the wall clock, the monotonic reading and the timers, and the real one (./clock.ts). */
export { systemClock, systemTimers } from './clock';
export type { Clock, TimerHandle, Timers } from './clock';
