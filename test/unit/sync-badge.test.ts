/**
 * The badge of a log whose answer was lost (src/shared/status/badge.ts): "Checking", not "Syncing", in the app
 * (SYNC_LABELS) and in `punch` (syncWords), in every language; the entry's state itself stays "sending".
 */
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../src/shared/domain';
import { badgeOf, inDoubt } from '../../src/shared/status/badge';
import { loadMessages } from '../../src/shared/i18n/catalogs';
import { createWording } from '../../src/shared/i18n/wording';
import type { Language } from '../../src/shared/i18n/locales';
import { SYNC_LABELS } from '../../src/renderer/src/format';
import { syncWords } from '../../src/cli/words';

type Attempt = OutboxEntry['attempts'][number];
const attempt = (outcome: Attempt['outcome']) => ({ at: 0, outcome }) as Attempt;
const entry = (state: OutboxEntry['state'], ...outcomes: Array<Attempt['outcome']>) => ({ state, attempts: outcomes.map(attempt) });

describe('the badge of an entry sent whose answer was lost', () => {
  it('is "checking" while sending after an ambiguous attempt, and the sync state otherwise', () => {
    expect(badgeOf('sending', [entry('sending', 'retry', 'ambiguous')])).toBe('checking');
    expect(badgeOf('sending', [entry('sending')])).toBe('sending');
    // an ambiguous attempt followed by a retryable one: no longer in doubt
    expect(badgeOf('sending', [entry('sending', 'ambiguous', 'retry')])).toBe('sending');
    // settled: the service said (reconciled) or the entry waits again
    expect(badgeOf('synced', [entry('synced', 'ambiguous', 'reconciled')])).toBe('synced');
    expect(badgeOf('queued', [entry('queued', 'ambiguous')])).toBe('queued');
    expect(inDoubt(entry('queued', 'ambiguous'))).toBe(false);
  });

  it('reads "Checking" in the app and "checking" in punch, in every language, never the syncing words', async () => {
    const expected: Partial<Record<Language, [string, string]>> = {
      en: ['Checking', 'checking'],
      de: ['Wird geprüft', 'wird geprüft'],
      fr: ['Vérification', 'vérification'],
      es: ['Comprobando', 'comprobando'],
      ar: ['قيد التحقق', 'قيد التحقق'],
    };
    for (const [lang, [badge, cli]] of Object.entries(expected) as Array<[Language, [string, string]]>) {
      const w = createWording(lang, lang, await loadMessages(lang));
      expect(w.say(SYNC_LABELS.checking.message), lang).toBe(badge);
      expect(syncWords('checking', w), lang).toBe(cli);
      expect(w.say(SYNC_LABELS.checking.message), lang).not.toBe(w.say(SYNC_LABELS.sending.message));
    }
    expect(SYNC_LABELS.checking.icon).not.toBe(SYNC_LABELS.sending.icon);
  });
});
