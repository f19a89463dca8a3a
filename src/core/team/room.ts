/**
 * The team's room as the composition root opens it: the roles and decisions cache, the employee directory, people by
 * name, the approvals, and the handlers of every team call, wired once. The root loads this folder with `import()`
 * when a team call first comes (../root/team-room.ts): an employee's `punch status` never
 * loads, compiles or builds any of it (docs/benchmarks.md "punch status, third pass").
 */
import type { Days } from '../../shared/time/zone';
import type { Handlers } from '../../shared/contract';
import type { TimeLog } from '../../shared/domain';
import type { Clock, EventBus } from '../context';
import type { Session } from '../service';
import type { OpenStore } from '../store';
import { createApprovals } from './approvals';
import { createEmployeeDirectory } from './directory';
import { createPeople } from './people';
import { createRoles } from './roles';
import { teamHandlers, type TeamOps } from './team';
import { createTeamCache } from './team-cache';

/** Every call the team's room answers: what the root hands to it (a name added here and not there does not compile). */
export type TeamRoomCalls = TeamOps | 'getRoles' | 'decideTimesheets' | 'estimateDecisions';

export interface TeamRoomDeps {
  /** Through the reachability's session: the team's calls tell the status whether the service is reachable too. */
  session: Session;
  clock: Clock;
  /** The user's days (the zone they chose): the team screens' default weeks. */
  days?: Days;
  bus: EventBus;
  openStore: OpenStore;
  /** Logs of the user the service holds, taken into the ledger before the user's own timesheet is deleted. */
  adoptServiceLogs: (logs: TimeLog[]) => void;
  companyCurrency: () => Promise<string | undefined>;
}

export interface TeamRoom {
  handlers: Pick<Handlers, TeamRoomCalls>;
  close(): void;
}

export function openTeamRoom(deps: TeamRoomDeps): TeamRoom {
  const { session, clock, openStore } = deps;
  // the user's roles and the timesheet decisions share one per-account cache (./team-cache.ts)
  const cache = createTeamCache({ session, openStore });
  // people by their names (./people.ts): the directory on disk and the people read once, shared by the team list,
  // decisions and payroll
  const directory = createEmployeeDirectory({ session, clock, openStore });
  const people = createPeople({ session, clock, cache, directory });
  const approvals = createApprovals({ session, clock, cache, people, days: deps.days });
  return {
    handlers: {
      ...teamHandlers({ ...deps, approvals, directory, people }),
      ...createRoles({ session, clock, cache, days: deps.days }),
      decideTimesheets: (input, call) => approvals.decideMany(input, call),
      estimateDecisions: async ({ count }) => approvals.estimate(count),
    },
    close: () => cache.close(),
  };
}
