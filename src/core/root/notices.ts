/**
 * The core's notices (the bus's `notice` event), as the root makes them: every one redacted, since a notice may quote
 * the service (a refusal's message), which may echo a token (../../shared/redact.ts); and a file found damaged said
 * once, the moment its owner is done with it.
 */
import { redact, redactSaid } from '../../shared/redact';
import { saidOf, type Words } from '../../shared/i18n/said';
import type { EventBus } from '../context';
import { damageLine, onDamage, storeWords } from '../store';

export type Notify = (level: 'info' | 'warning' | 'error', message: string | Words) => void;

/** `notify` for every module the root builds, and `stop`, which ends the watch for damage reports. */
export function createNotices(bus: EventBus, dataDir: string): { notify: Notify; stop: () => void } {
  const notify: Notify = (level, message) =>
    bus.emit('notice', {
      level,
      message: redact(typeof message === 'string' ? message : message.message),
      ...(typeof message === 'string' ? {} : { said: redactSaid(saidOf(message)) }),
    });
  // a file found damaged (at open, or later, by any module): said at once, and kept in the status until acknowledged
  // (the status is built in the root, from what it reads; it announces each report from then on, and its first says
  // those found before). A report is made in the middle of the owner's work on the file (the outbox recovers under
  // its lock): said once that work is done (a microtask later), so the status read with it is the recovered one
  const stop = onDamage(dataDir, (r) =>
    queueMicrotask(() => {
      // the outbox says its own (the ledger's onDamage in ./punchcard.ts): one notice per damage, not two
      if (r.said?.what?.code !== storeWords.outbox().code && r.what !== 'the outbox') notify('error', damageLine(r));
    }),
  );
  return { notify, stop };
}
