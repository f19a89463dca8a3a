/**
 * How a failed command ends: which exit code, which message on stderr, which hint. The CLI branches on the error's
 * class name (service/errors.ts), never on its message text.
 */
import type { BridgeError } from '../shared/contract';
import { EXIT, type ExitCode } from './command';
import { englishWording } from '../shared/i18n/english';
import { defineMessages, type Wording } from '../shared/i18n/messages';
import { sayIt } from '../shared/i18n/said';
import { englishOf, say, type Words } from './words';

/** An error said in punch's own words (printed in the user's language); `message` and `hint` are their English. */
abstract class WordedError extends Error {
  readonly hint?: string;
  constructor(
    readonly words: Words,
    readonly hintWords?: Words,
  ) {
    super(englishOf(words));
    if (hintWords !== undefined) this.hint = englishOf(hintWords);
  }
}

/**
 * Bad input caught by the CLI itself, before the core is asked anything (exit 1, nothing sent). Its words are said in
 * the user's language when printed; `message` and `hint` are their English (the `--json` error document, logs).
 */
export class UsageError extends WordedError {
  override readonly name = 'UsageError' as const;
}

/**
 * A command could not do what it was asked because the service did not answer a read it needed (offline, the service
 * down), said in punch's own words: exit 2 like every failure of the network, and `NetworkError` in the `--json`
 * document, the name scripts already branch on.
 */
export class OfflineError extends WordedError {
  override readonly name = 'NetworkError' as const;
}

/** The core refused or failed an operation; carries the BridgeError the dispatcher returned. */
export class CoreFailure extends Error {
  override readonly name = 'CoreFailure' as const;
  constructor(readonly error: BridgeError) {
    super(error.message);
  }
}

export interface FailureReport {
  exitCode: ExitCode;
  message: string;
  hint?: string;
  /** The `--json` error document. */
  json: { error: { name: string; message: string; code?: number; violations?: BridgeError['violations'] } };
}

/** Errors that mean "your input was refused before anything changed" (exit 1). */
const BAD_INPUT_NAMES = new Set(['InvalidInputError', 'UsageError']);

/** The hint under a failure, by its kind; commands are values, as typed. */
const HINTS = defineMessages({
  NetworkError: {
    id: 'cli.failure.hint.network',
    defaultMessage: 'The service could not be reached. {log} still works offline: entries wait in the outbox ({outbox}).',
  },
  AuthError: {
    id: 'cli.failure.hint.auth',
    defaultMessage: 'Sign in again with {login} (or give PUNCH_TOKEN and PUNCH_USER for one command).',
    description: 'PUNCH_TOKEN and PUNCH_USER are environment variables: keep them.',
  },
  RateLimitedError: {
    id: 'cli.failure.hint.rate-limited',
    defaultMessage: 'The service limits how often this can be called. Wait a few minutes, then try again.',
  },
  ServerError: {
    id: 'cli.failure.hint.server',
    defaultMessage: 'The service failed on its side. Try again later; {sync} resends queued entries safely.',
  },
  InvalidResponseError: {
    id: 'cli.failure.hint.invalid-response',
    defaultMessage: 'The service answered something unexpected. Try again later.',
  },
  // the message already says that nothing was changed and what to do (src/core/store/store-words.ts): the hint adds
  // only where to look, instead of saying it twice ("Once the disk takes writes again" under a permission problem)
  StorageError: {
    id: 'cli.failure.hint.storage-status',
    defaultMessage: '{status} shows when the data directory takes writes again.',
  },
});
const M = defineMessages({
  unexpected: {
    id: 'cli.failure.unexpected',
    defaultMessage: 'unexpected failure: {message}',
    description: '{message}: what failed, as the program said it (often English).',
  },
});

/** The hint under a failure of that kind, in the user's words; none for the others. */
function hintFor(name: string, w: Wording): string | undefined {
  if (!Object.prototype.hasOwnProperty.call(HINTS, name)) return undefined;
  return w.say(HINTS[name as keyof typeof HINTS], {
    log: '`punch log`',
    outbox: '`punch outbox`',
    login: '`punch login`',
    sync: '`punch sync`',
    status: '`punch status`',
  });
}

/**
 * `w`: the user's words for punch's own refusals and for what the core said as codes (docs/i18n.md); a core's message
 * without a code stays its English. The `--json` document is English in every language: scripts read the same.
 */
export function describeFailure(e: unknown, w: Wording = englishWording()): FailureReport {
  if (e instanceof UsageError) {
    return {
      exitCode: EXIT.badInput,
      message: say(w, e.words),
      ...(e.hintWords !== undefined ? { hint: say(w, e.hintWords) } : {}),
      json: { error: { name: e.name, message: e.message } },
    };
  }
  if (e instanceof OfflineError) {
    return {
      exitCode: EXIT.serviceFailed,
      message: say(w, e.words),
      ...(e.hintWords !== undefined ? { hint: say(w, e.hintWords) } : {}),
      json: { error: { name: e.name, message: e.message } },
    };
  }
  if (e instanceof CoreFailure) {
    const { name, message, code, violations } = e.error;
    const details = violations?.length ? violations.filter((v) => !message.includes(v.message)) : [];
    const said = (text: string, s: Parameters<typeof sayIt>[1]) => sayIt(w, s, text);
    // a refusal made of its violations (the log gate joins their English) is said as their words, joined the same way
    const madeOfViolations = !!violations?.length && message === violations.map((v) => v.message).join(' ');
    const head = e.error.said
      ? said(message, e.error.said)
      : madeOfViolations
        ? violations!.map((v) => said(v.message, v.said)).join(' ')
        : message;
    const full = [head, ...details.map((v) => said(v.message, v.said))].join('\n  ');
    return {
      // errors by cause: bad input 1, the disk 6 (StorageError), the service or the network 2
      exitCode: BAD_INPUT_NAMES.has(name) ? EXIT.badInput : name === 'StorageError' ? EXIT.storageFailed : EXIT.serviceFailed,
      message: full,
      hint: hintFor(name, w),
      json: { error: { name, message, ...(code !== undefined ? { code } : {}), ...(violations?.length ? { violations } : {}) } },
    };
  }
  // A disk failure outside the core (opening the data directory): its own code, not "unexpected".
  if (e instanceof Error && e.name === 'StorageError') {
    return {
      exitCode: EXIT.storageFailed,
      message: e.message,
      hint: hintFor('StorageError', w),
      json: { error: { name: e.name, message: e.message } },
    };
  }
  // Anything else is a fault in the core or the CLI; say so plainly (no stack: it may carry request details).
  const message = e instanceof Error ? e.message : String(e);
  return {
    exitCode: EXIT.serviceFailed,
    message: w.say(M.unexpected, { message }),
    json: { error: { name: e instanceof Error ? e.name : 'Error', message } },
  };
}
