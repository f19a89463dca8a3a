/**
 * The domain's types, shared by every process: one door to the rooms of this folder, so an importer names the types
 * it uses and not the room each lives in (`import type { WeekView, OutboxEntry } from '../shared/domain'`). Plain data
 * only: these cross the bridge, so they hold no secrets, no functions and no class instances. The rooms, each one idea:
 * what the service holds (./service.ts), the timer (./timer.ts), a log on this device and what the rules say of it
 * (./local-log.ts), the outbox (./outbox.ts), the week (./week.ts), several logs at once (./batch.ts), the team
 * (./team.ts), the status (./status.ts), a damaged file (./damage.ts).
 */
export type * from './service';
export * from './timer';
export type * from './local-log';
export type * from './outbox';
export type * from './week';
export type * from './batch';
export type * from './team';
export type * from './status';
export * from './damage';
