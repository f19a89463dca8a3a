/**
 * The core's face for the shells (Electron main, web mode, `punch`): everything they may use of it. Plain Node: nothing
 * in src/core imports 'electron' (eslint.config.js keeps it so). Inside the core, each folder has its own face
 * (`<folder>/index.ts`) and the allowed directions between folders are written once, in eslint.config.js.
 */
export { createPunchcard } from './root';
export type { CoreTuning, Punchcard, PunchcardOptions } from './root';
export type { DispatchResult } from './dispatch';
export { keytarSecrets, pacingFromEnvironment } from './account';
export { doingSaid, doingWords, nodeFetch } from './service';
// the lock between processes of one data directory: web mode keeps the record of the running instance under it
export { damageLine, isFiniteNumber, isPlainObject, openConfStore, pidAlive, withFileLock } from './store';
export type { ConfStoreOptions, KeyValueStore, OpenStore, StoreSchema } from './store';
