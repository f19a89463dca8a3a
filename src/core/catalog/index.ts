/** FACE_CATALOG */
export { catalogHandlers } from './catalog-handlers';
export { createCatalog } from './catalog';
export type { Catalog } from './catalog';
export { checkLog, lockedViolation, openDayNear, unknownJobName } from '../rules/check';
export type { LogToCheck, RuleContext } from '../rules/check';
