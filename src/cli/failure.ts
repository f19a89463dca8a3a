/**
 * How a failed command ends: which exit code, which message on stderr, which hint. The CLI branches on the error's
 * class name (service/errors.ts), never on its message text.
 */
import type { BridgeError } from '../shared/contract';
import { EXIT, type ExitCode } from './command';
import type { Wording } from '../shared/i18n/messages';
import { sayIt } from '../shared/i18n/said';

/** Bad input caught by the CLI itself, before the core is asked anything (exit 1, nothing sent). */
export class UsageError extends Error {
  override readonly name = 'UsageError' as const;
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
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

const HINTS: Record<string, string> = {
  NetworkError: 'The service could not be reached. `punch log` still works offline: entries wait in the outbox (`punch outbox`).',
  AuthError: 'Sign in again with `punch login` (or give PUNCH_TOKEN and PUNCH_USER for one command).',
  RateLimitedError: 'The service limits how often this can be called. Wait a few minutes, then try again.',
  ServerError: 'The service failed on its side. Try again later; `punch sync` resends queued entries safely.',
  InvalidResponseError: 'The service answered something unexpected. Try again later.',
  StorageError: 'Nothing was changed. Once the disk takes writes again, run the command again (`punch status` shows whether it does).',
};

/**
 * `w`: the user's words for what the core said as codes (the rules' refusals: docs/i18n.md); the rest stays the core's
 * English until converted. The `--json` document is the core's English in every language: scripts read the same.
 */
export function describeFailure(e: unknown, w?: Wording): FailureReport {
  if (e instanceof UsageError) {
    return { exitCode: EXIT.badInput, message: e.message, hint: e.hint, json: { error: { name: e.name, message: e.message } } };
  }
  if (e instanceof CoreFailure) {
    const { name, message, code, violations } = e.error;
    const details = violations?.length ? violations.filter((v) => !message.includes(v.message)) : [];
    const said = (text: string, s: Parameters<typeof sayIt>[1]) => (w ? sayIt(w, s, text) : text);
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
      hint: HINTS[name],
      json: { error: { name, message, ...(code !== undefined ? { code } : {}), ...(violations?.length ? { violations } : {}) } },
    };
  }
  // A disk failure outside the core (opening the data directory): its own code, not "unexpected".
  if (e instanceof Error && e.name === 'StorageError') {
    return {
      exitCode: EXIT.storageFailed,
      message: e.message,
      hint: HINTS.StorageError,
      json: { error: { name: e.name, message: e.message } },
    };
  }
  // Anything else is a fault in the core or the CLI; say so plainly (no stack: it may carry request details).
  const message = e instanceof Error ? e.message : String(e);
  return {
    exitCode: EXIT.serviceFailed,
    message: `unexpected failure: ${message}`,
    json: { error: { name: e instanceof Error ? e.name : 'Error', message } },
  };
}
