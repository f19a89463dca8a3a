/** FACE_TEAM */
export { createApprovals } from './approvals';
export { createRoles } from './roles';
export { createTeamCache } from './team-cache';
export { teamHandlers } from './team';
