/** FACE_STORE */
export { memoryStore, openConfStore } from './conf-store';
export type { ConfStoreOptions } from './conf-store';
export {
  DIR_MODE,
  FILE_MODE,
  acknowledgeDamage,
  damageLine,
  describeDamage,
  keepBytesQuietly,
  keepDamaged,
  listDamage,
  onDamage,
  resolveOffer,
  unacknowledgedDamage,
} from './damage';
export type { DamageOffer, DamageReport } from './damage';
export { CLOSED_MESSAGE, closableStores, closedError } from './closing';
export { fileFreshness } from './file-freshness';
export { withFileLock } from './file-lock';
export { pidAlive } from './stale-lock';
export type { FileLockOptions, LockHold } from './file-lock';
export type { KeyValueStore, OpenStore } from './key-value-store';
export { StorageError, storageHealth, toStorageError, writing } from './storage-error';
export { booleanIn, inspectDocument, isFiniteNumber, isPlainObject, isString, numberIn, stringIn } from './store-schema';
export type { StoreSchema } from './store-schema';
export { phrasesValue, storeWords } from './store-words';
