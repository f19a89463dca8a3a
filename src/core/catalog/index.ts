/** FACE_CATALOG */
export { createCatalog } from './catalog';
export type { Catalog } from './catalog';
export { checkLog, lockedViolation, openDayNear, unknownJobName } from './rules';
export type { LogToCheck, RuleContext } from './rules';
