/**
 * What managers and HR do, opened on first use: the team's room (../team/room.ts: the roles and decisions cache, the
 * employee directory, people by name, the approvals) is loaded with `import()` and built when a team call first
 * comes, not at start: an employee's `punch status` never loads, compiles or builds any of it, and in
 * the bundles it is a chunk of its own (docs/benchmarks.md "punch status, third pass"). The handlers' types are the
 * contract's, as when the room was built at start.
 */
import type { Handlers } from '../../shared/contract';
import type { TeamRoom, TeamRoomCalls, TeamRoomDeps } from '../team';
import { onFirstCall } from './first-call';

/** The calls the team's room answers, known without loading it. */
const TEAM_CALLS = [
  'listTeamTimesheets',
  'getTimesheet',
  'decideTimesheet',
  'deleteTimesheet',
  'payrollReport',
  'listEmployees',
  'findEmployees',
  'getEmployee',
  'addEmployee',
  'updateEmployee',
  'getRoles',
  'decideTimesheets',
  'estimateDecisions',
] as const satisfies readonly TeamRoomCalls[];
// a call added to the room and not to the list above does not compile
const everyTeamCall: [TeamRoomCalls] extends [(typeof TEAM_CALLS)[number]] ? true : never = true;
void everyTeamCall;

export interface TeamOnFirstCall {
  handlers: Pick<Handlers, TeamRoomCalls>;
  /** Closes the room if it was opened (or is opening); one that never loaded holds nothing. */
  close(): Promise<void>;
}

export function teamOnFirstCall(deps: TeamRoomDeps): TeamOnFirstCall {
  let room: Promise<TeamRoom> | undefined;
  const open = () =>
    (room ??= import('../team').then(
      ({ openTeamRoom }) => openTeamRoom(deps),
      (e: unknown) => {
        room = undefined; // not loaded (a bundle replaced meanwhile, a full disk): the next call tries again
        throw e;
      },
    ));
  return {
    handlers: onFirstCall(TEAM_CALLS, async () => (await open()).handlers),
    async close() {
      if (room) (await room.catch(() => undefined))?.close();
    },
  };
}
