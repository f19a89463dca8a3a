/** FACE_ACCOUNT */
export { ACCOUNT_SCHEMA } from './account-store';
export type { DataCentre } from './sign-in/datacentres';
export { accountHandlers } from './handlers';
export * from './pacing';
export { keytarSecrets, memorySecrets } from './secrets';
export { createSession } from './session';
export type { AccountSession, SessionOptions } from './session';
