/**
 * What the service answers to a write, wire -> what the client hands back (spec 4.1, 4.2): a confirmation's message,
 * a created timesheet's ids, a changed or decided timesheet's id, an added log's id. Read with the tolerant value
 * schemas of ./fields.ts, as the records are in ./normalize.ts.
 */
import { z } from 'zod';
import { once } from '../../../shared/lazy/once';
import { optionalWireId, readWire, renamed, wireId, wireObject, wireText } from './fields';
import { firstOfList } from './normalize';

/** The `{message}` confirmations of delete and edit (spec: "fields: not shown"): a bare text, or nothing, is tolerated. */
const messageSchema = once(() =>
  z.preprocess(
    firstOfList,
    z.union(
      [
        z.string().transform((message) => ({ message })),
        z.null().transform(() => ({ message: '' })),
        z.undefined().transform(() => ({ message: '' })),
        wireObject('confirmation').transform((o) => ({ message: wireText().parse(o.message) })),
      ],
      { error: 'confirmation is not an object' },
    ),
  ),
);

/** createtimesheet: `timesheetId` is an array (spec 4.1); a single id is tolerated. */
const createdTimesheetSchema = once(() =>
  wireObject('createtimesheet answer')
    .pipe(
      z.object({
        timesheetId: z.preprocess(
          (raw) => (Array.isArray(raw) ? raw : [raw]),
          z.array(wireId('timesheetId')).min(1, { error: 'createtimesheet answer holds no timesheetId' }),
        ),
        message: wireText(),
      }),
    )
    .transform((o) => ({ timesheetIds: o.timesheetId, message: o.message })),
);

/** modifytimesheet / approvetimesheet: `{timesheetId, message}`; an array of one id is tolerated. */
const timesheetAckSchema = once(() =>
  z.preprocess(firstOfList, wireObject('timesheet answer')).pipe(
    z.object({
      timesheetId: z.preprocess(firstOfList, optionalWireId()),
      message: wireText(),
    }),
  ),
);

/** addtimelog: `result` array whose first element holds `timeLogId` and `message` (spec 4.2). */
const addedTimeLogSchema = once(() =>
  z
    .preprocess(firstOfList, wireObject('addtimelog answer'))
    .transform((o) => renamed(o, { timeLogId: ['timeLogId', 'timelogId'], message: ['message'] }))
    .pipe(z.object({ timeLogId: wireId('timeLogId'), message: wireText() })),
);

/* ------------------------------------------------------------------ readers */

export const toMessage = (payload: unknown): { message: string } => readWire(messageSchema(), payload);
export const toCreatedTimesheet = (payload: unknown): { timesheetIds: string[]; message: string } =>
  readWire(createdTimesheetSchema(), payload);

export function toTimesheetAck(payload: unknown, fallbackId: string): { timesheetId: string; message: string } {
  const ack = readWire(timesheetAckSchema(), payload);
  return { timesheetId: ack.timesheetId ?? fallbackId, message: ack.message };
}

export const toAddedTimeLog = (payload: unknown): { timeLogId: string; message: string } => readWire(addedTimeLogSchema(), payload);
