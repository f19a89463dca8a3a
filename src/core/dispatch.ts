/**
 * The one door into the core for every front end (Electron IPC, the web server, the `punch` CLI): a call's name and
 * an untrusted input go in, a `{ ok, value | error }` envelope comes out. Validation happens here, once, with the
 * contract's schemas ("validate at the edge"), so a handler only ever sees parsed input and a bad input changes nothing.
 * A *call* is the bridge's word (docs/ARCHITECTURE.md glossary); src/shared still names it `OperationName`, renamed
 * there once the shells that share it follow.
 */
import { isValidDate } from '../shared/time/week';
import type { BridgeError, Handlers, OperationCall, OperationName as CallName } from '../shared/contract';
import { parseInput, unknownCallWords } from '../shared/contract';
import { OPERATION_NAMES as CALL_NAMES } from '../shared/operation-names';
import type { RuleViolation } from '../shared/domain';
import { redact, redactSaid } from '../shared/redact';
import { isSaid, saidOf } from '../shared/i18n/said';
import { said as saying } from '../shared/i18n/english';
import { defineMessages } from '../shared/i18n/messages';
import { StorageError, toStorageError } from './store';
import { errorSaid } from './service';

export type DispatchResult = { ok: true; value: unknown } | { ok: false; error: BridgeError };
/** `call`: the front end's signal for this operation (punch's Ctrl+C), handed to the handler as is. */
export type Dispatch = (name: string, input: unknown, call?: OperationCall) => Promise<DispatchResult>;

export interface DispatcherOptions {
  /**
   * Secrets currently held in memory (access tokens, a pasted token). Any of them found in an error message is
   * replaced (src/shared/redact.ts, with the registered sources' too) before the message crosses the bridge: errors
   * from deep inside (a URL echoed by a server, a library's message) must never carry a token to the renderer or a
   * terminal.
   */
  secrets?: () => string[];
  /**
   * The data directory: a disk or permission failure that reached here as a plain errno error (ENOSPC, EROFS,
   * EACCES, EPERM, EIO) leaves as a StorageError naming it, never as bad input or an unexpected failure.
   */
  dataDir?: string;
}

/**
 * Kept for callers of the old name: the one redaction of every exit is src/shared/redact.ts (known secrets of the
 * session are registered there too, by ./root/punchcard.ts).
 */
export const redactSecrets = (text: string, secrets: string[] = []): string => redact(text, secrets);

const M = defineMessages({
  wrong: { id: 'core.something-went-wrong', defaultMessage: 'Something went wrong inside Punchcard.' },
});

/** Turns anything thrown into the plain data a front end may show: class name, message, code, violations. No stack. */
export function toBridgeError(e: unknown, secrets: string[] = []): BridgeError {
  const wrong = saying(M.wrong.id);
  if (!(e instanceof Error)) {
    return typeof e === 'string'
      ? { name: 'Error', message: redactSecrets(e, secrets) }
      : { name: 'Error', message: wrong.message, said: saidOf(wrong) };
  }
  const err: BridgeError = {
    name: e.name || 'Error',
    message: redactSecrets(e.message || e.name || wrong.message, secrets),
    ...(e.message || e.name ? {} : { said: saidOf(wrong) }),
  };
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'number' && Number.isFinite(code)) err.code = code;
  if (e instanceof StorageError) err.storage = e.storage;
  // a Said ({ code, values }: src/shared/i18n/said.ts); a service error's `said` is the service's own text, a string,
  // kept for logs and never passed on (its Said is `says`)
  const said = errorSaid(e);
  if (said) err.said = redactSaid(said, secrets);
  const violations = (e as { violations?: unknown }).violations;
  if (Array.isArray(violations) && violations.length > 0) {
    err.violations = violations.map((v: RuleViolation) => ({
      field: v.field,
      rule: v.rule,
      message: redactSecrets(String(v.message), secrets),
      // the code and values of the core's words (facts it made itself: a day, hours, a job's name from the list)
      ...(isSaid(v.said) ? { said: redactSaid(v.said, secrets) } : {}),
      // an open day to use instead of a locked one (a calendar day, nothing else passes)
      ...(isValidDate(v.openDay) ? { openDay: v.openDay } : {}),
    }));
  }
  return err;
}

// A Set of the listed names, not a lookup on the contract's object: "constructor" or "__proto__" are not calls.
const KNOWN_CALLS: ReadonlySet<string> = new Set(CALL_NAMES);

function isCallName(name: string): name is CallName {
  return typeof name === 'string' && KNOWN_CALLS.has(name);
}

export function createDispatcher(handlers: Handlers, opts: DispatcherOptions = {}): Dispatch {
  const secrets = () => {
    try {
      return opts.secrets?.() ?? [];
    } catch {
      return [];
    }
  };
  return async (name, input, call) => {
    if (!isCallName(name)) {
      return {
        ok: false,
        // the caller's own word quoted back (a script's typo); it is no call, so it names none
        error: (() => {
          const w = unknownCallWords(String(name));
          return { name: 'InvalidInputError', message: w.message, said: saidOf(w) };
        })(),
      };
    }
    try {
      const parsed = parseInput(name, input);
      const handler = handlers[name] as (i: unknown, c?: OperationCall) => Promise<unknown>;
      const value = await handler(parsed, call);
      return { ok: true, value };
    } catch (e) {
      // errors by cause: a full or read-only disk is its own kind, whatever layer let it through
      return { ok: false, error: toBridgeError(opts.dataDir ? toStorageError(e, opts.dataDir) : e, secrets()) };
    }
  };
}
