/** FACE_TEAM */
export { createApprovals } from './approvals';
export { createEmployeeDirectory } from './directory';
export { createPeople } from './people';
export { createRoles } from './roles';
export { createTeamCache } from './team-cache';
export { teamHandlers } from './team';
export { openTeamRoom } from './room';
export type { TeamRoom, TeamRoomCalls, TeamRoomDeps } from './room';
