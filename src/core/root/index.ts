/** The composition root's face: the core's own face (../index.ts) is its one caller. */
export { createPunchcard } from './punchcard';
export type { CoreTuning, Punchcard, PunchcardOptions } from './options';
