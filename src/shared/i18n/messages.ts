/**
 * How a message is declared and said. A message is an id (`area.what`, stable: translators' tools key on it) with
 * its English text in ICU MessageFormat (`{count, plural, one {# entry} other {# entries}}`), declared next to the
 * code that says it with `defineMessages` (an identity: `npm run i18n:extract` finds the calls by that name, no
 * compile-time transform anywhere). The catalogs (locales/*.po) are compiled to ASTs (./compiled/*.json) that
 * `@formatjs/intl` formats without parsing at run time (docs/i18n.md).
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { RegionFormats } from './formats';
import type { Language } from './locales';

export interface MessageDescriptor {
  id: string;
  /** The English source text, ICU MessageFormat. */
  defaultMessage: string;
  /** For translators: where it shows and what its values are. */
  description?: string;
}

/** Declares messages (found by `npm run i18n:extract`); returns them as given. */
export function defineMessages<const T extends Record<string, MessageDescriptor>>(messages: T): T {
  return messages;
}

/** Declares one message (found by `npm run i18n:extract`); returns it as given. */
export function defineMessage(message: MessageDescriptor): MessageDescriptor {
  return message;
}

/** Compiled messages of one language: id -> AST (scripts/i18n/compile.mjs). */
export type CompiledMessages = Record<string, MessageFormatElement[]>;

export type MessageValues = Record<string, string | number | boolean | null | undefined | Date>;

/**
 * What a shell hands every function that says something: the words of the user's language (`say`) and the formats
 * of the user's region (`formats`). React builds it with `useWording()` (src/renderer/src/i18n), Node with
 * `createWording()` (./wording.ts); shared word functions (sync-words.ts, network.ts) take it as a parameter.
 */
export interface Wording {
  language: Language;
  say(message: MessageDescriptor, values?: MessageValues): string;
  /** Whether the catalog has a message by that id (a code from a newer core may not be there yet). */
  has(id: string): boolean;
  formats: RegionFormats;
}
